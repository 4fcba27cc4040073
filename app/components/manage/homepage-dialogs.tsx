import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Form, Link, useFetcher, useLocation, useNavigation } from 'react-router'
import { CopyField } from '#app/components/copy-field.tsx'
import { Icon } from '#app/components/icon.tsx'
import { IconPicker, IconSearchForm } from '#app/components/icon-picker.tsx'
import { HomepageSchema, PublishHomepageSchema } from '#app/schemas/homepage.ts'
import { ShareIntroSchema } from '#app/schemas/share.ts'
import { dialogHref } from './dialog-href.ts'
import { DefaultSubmit, FormActions, FormError, RowAction, SubmitButton, SwitchAction, TextareaField, TextField, useManageForm } from './fields.tsx'
import { LinkTabs } from './link-tabs.tsx'
import { Face } from '#app/components/homepage/member-widget.tsx'
import type { HomepageDialogData, HomepageTab } from './types.ts'

type Of<D extends HomepageDialogData['dialog']> = Extract<HomepageDialogData, { dialog: D }>

const TAB_NAMES: Record<HomepageTab, string> = { created: '我创建的', joined: '我加入的', followed: '我关注的' }
const ROLE_NAMES: Record<string, string> = { owner: '创建者', manager: '管理员', member: '成员', follower: '关注' }


/**
 * The homepage popover (spec §2): tabs created / joined / followed, a search, load more, a link
 * to create one and, for the owner, the settings switch 悬停时自动展开 (popVisible: hovering
 * 我的主页 opens it). A created homepage switches the current one; the others open at /{code}.
 */
export function HomepagesPopover({ data }: { data: Of<'homepages'> }) {
  const location = useLocation()
  const tabs = (Object.keys(TAB_NAMES) as HomepageTab[]).map((tab) => ({ id: tab, name: TAB_NAMES[tab], href: dialogHref(location, 'homepages', { tab }) }))
  return (
    <div className="manage-list homepages-popover">
      <LinkTabs label="主页分类" idBase="homepages" tabs={tabs} selected={data.tab}>
        <HomepageRows data={data} />
      </LinkTabs>
      <div className="manage-list-footer">
        <Link to={dialogHref(location, 'add-homepage')} className="button button-primary" preventScrollReset>
          创建新主页
        </Link>
        {data.hoverOpen ? (
          <SwitchAction intent="toggle-pop-visible" fields={{ homepageId: data.hoverOpen.homepageId }} checked={data.hoverOpen.on}>
            悬停时自动展开
          </SwitchAction>
        ) : null}
      </div>
    </div>
  )
}

/** One tab of the homepage popover: its search, its homepages and 加载更多. */
function HomepageRows({ data }: { data: Of<'homepages'> }) {
  const location = useLocation()
  const tabHref = (tab: HomepageTab, extra: { wd?: string; page?: number } = {}) => dialogHref(location, 'homepages', { tab, ...extra })
  return (
    <>
      <Form method="get" className="inline-search" preventScrollReset replace role="search">
        <input type="hidden" name="dialog" value="homepages" />
        <input type="hidden" name="tab" value={data.tab} />
        <label>
          <span className="visually-hidden">搜索主页</span>
          <input type="search" name="wd" defaultValue={data.wd} placeholder="搜索主页名称" maxLength={20} />
        </label>
        <button type="submit" className="button button-small">
          搜索
        </button>
      </Form>
      {data.rows.length ? (
        <ul className="manage-rows">
          {data.rows.map((row) => (
            <li key={row.id} className="manage-row">
              <span className="manage-row-name">
                <Icon name={row.icon || 'tabler:home'} />
                {data.tab !== 'created' && row.accessible && row.code ? <a href={`/${row.code}`}>{row.name}</a> : <span>{row.name}</span>}
                {row.current ? <span className="tag">当前</span> : null}
                {row.isDefault && data.tab === 'created' ? <span className="tag">默认</span> : null}
                {row.sort > 0 ? <span className="tag">置顶</span> : null}
                {row.isOpen && data.tab === 'created' ? <span className="tag">已公开</span> : null}
                {data.tab === 'joined' && row.memberRole ? <span className="tag">{ROLE_NAMES[row.memberRole]}</span> : null}
                {row.accessible ? null : <span className="muted">对方已取消分享，无法访问</span>}
              </span>
              {data.tab === 'created' ? (
                <span className="manage-row-actions">
                  {row.current ? null : (
                    <RowAction intent="switch-homepage" fields={{ homepageId: row.id }} label={`切换到 ${row.name}`}>
                      切换
                    </RowAction>
                  )}
                  {row.code ? (
                    <a href={`/${row.code}`} className="button button-small" target="_blank" rel="noopener" aria-label={`新窗口打开 ${row.name}`}>
                      打开
                    </a>
                  ) : null}
                  <RowAction intent="pin-homepage" fields={{ homepageId: row.id }} label={`${row.sort > 0 ? '取消置顶' : '置顶'} ${row.name}`}>
                    {row.sort > 0 ? '取消置顶' : '置顶'}
                  </RowAction>
                  {row.isDefault ? null : (
                    <RowAction intent="default-homepage" fields={{ homepageId: row.id }} label={`设为默认 ${row.name}`}>
                      设为默认
                    </RowAction>
                  )}
                  <Link to={dialogHref(location, 'edit-homepage', { homepageId: row.id })} className="button button-small" aria-label={`编辑 ${row.name}`} preventScrollReset>
                    编辑
                  </Link>
                  <RowAction intent="delete-homepage" fields={{ homepageId: row.id }} label={`删除 ${row.name}`} danger>
                    删除
                  </RowAction>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted empty">{data.wd ? '暂无搜索结果' : '还没有主页'}</p>
      )}
      {data.next ? (
        <p className="manage-list-footer">
          <Link to={tabHref(data.tab, { wd: data.wd || undefined, page: data.page + 1 })} className="button" preventScrollReset replace>
            加载更多
          </Link>
        </p>
      ) : null}
    </>
  )
}

/** Add or edit a homepage (spec §5): icon, name, summary and personal domain. */
export function HomepageForm({
  data,
  lastResult,
  baseHref,
  cancelHref,
}: {
  data: Of<'add-homepage' | 'edit-homepage'>
  lastResult?: SubmissionResult<string[]> | null
  baseHref: string
  cancelHref: string
}) {
  const { homepage } = data
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'homepage-form',
    schema: HomepageSchema,
    defaultValue: {
      title: homepage?.title ?? '',
      summary: homepage?.summary ?? '',
      icon: homepage?.icon ?? '',
      code: homepage?.code ?? '',
    },
    lastResult,
  })
  const searchFormId = `${form.id}-icon-search`
  return (
    <>
      <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="manage-form">
        <DefaultSubmit />
        <input type="hidden" name="intent" value="save-homepage" />
        {homepage ? <input type="hidden" name="homepageId" value={homepage.homepageId} /> : null}
        <FormError id={form.errorId} errors={form.errors} />
        <TextField field={fields.title} label="主页名称" placeholder="请输入主页名称" hint="最多20个字" />
        <TextareaField field={fields.summary} label="主页简介" placeholder="最多100个字" />
        <TextField
          field={fields.code}
          label="个性域名"
          placeholder={homepage ? '请输入个性域名' : '可不填'}
          hint="4-20位数字、字母、中划线组合，且必须为字母开头；设置后主页地址为 /个性域名"
        />
        <IconPicker
          name="icon"
          value={typeof fields.icon.initialValue === 'string' ? fields.icon.initialValue : ''}
          {...data.iconPicker}
          baseHref={baseHref}
          searchFormId={searchFormId}
          errors={fields.icon.errors}
        />
        <FormActions busy={busy} cancelHref={cancelHref} />
      </fetcher.Form>
      <IconSearchForm id={searchFormId} baseHref={baseHref} />
    </>
  )
}

/** The owner's share panel: the public link (share switch) and the invite link. */
export function SharePanel({ data, lastResult }: { data: Of<'share'>; lastResult?: SubmissionResult<string[]> | null }) {
  const location = useLocation()
  return (
    <div className="manage-list share-panel">
      <nav className="dialog-tabs" aria-label="分享方式">
        <Link to={dialogHref(location, 'share', { tab: 'link' })} aria-current={data.tab === 'link' ? 'page' : undefined} preventScrollReset replace>
          公开链接
        </Link>
        <Link to={dialogHref(location, 'share', { tab: 'invite' })} aria-current={data.tab === 'invite' ? 'page' : undefined} preventScrollReset replace>
          邀请好友
        </Link>
        <Link to={dialogHref(location, 'members')} preventScrollReset>
          成员列表（{data.memberAmount + 1}）
        </Link>
      </nav>
      <dl className="homepage-stats">
        <div>
          <dt>今日访问</dt>
          <dd>{data.stats.today}</dd>
        </div>
        <div>
          <dt>昨日访问</dt>
          <dd>{data.stats.yesterday}</dd>
        </div>
        <div>
          <dt>累计访问</dt>
          <dd>{data.stats.total}</dd>
        </div>
        <div>
          <dt>关注</dt>
          <dd>{data.followAmount}</dd>
        </div>
      </dl>
      {data.tab === 'link' ? (
        <section aria-label="公开链接">
          <p>{data.isOpen ? '主页已公开：任何人都能通过下面的链接访问。' : '主页未公开：只有你和成员能看到。'}</p>
          {data.code ? (
            <>
              {data.isOpen ? (
                <>
                  <CopyField label="主页链接" value={data.address} />
                  {data.qr ? (
                    <figure className="share-qr">
                      {/* Drawn on the server by the QR encoder (paths only, none of the text); see app/tools/qrcode.ts. */}
                      <div role="img" aria-label="主页链接的二维码，手机扫一扫即可打开" dangerouslySetInnerHTML={{ __html: data.qr }} />
                      <figcaption className="muted">手机扫一扫，打开主页</figcaption>
                    </figure>
                  ) : null}
                </>
              ) : (
                <p className="muted long-address">公开后的链接：{data.address}</p>
              )}
              <div className="manage-list-footer">
                <RowAction intent="share-homepage" fields={{ homepageId: data.homepageId }} label={data.isOpen ? '取消公开' : '公开主页'}>
                  {data.isOpen ? '取消公开' : '公开主页'}
                </RowAction>
                <Link to={dialogHref(location, 'edit-homepage', { homepageId: data.homepageId })} className="button button-small" preventScrollReset>
                  编辑
                </Link>
              </div>
            </>
          ) : (
            <PublishForm data={data} lastResult={lastResult} />
          )}
        </section>
      ) : (
        <section aria-label="邀请好友">
          <p>好友打开邀请链接即可加入主页，成为成员。</p>
          {data.invite ? (
            <>
              <p>
                <label>
                  <span>邀请链接</span>
                  <input type="text" readOnly value={data.invite.url} className="copy-field" />
                </label>
              </p>
              <p className="muted">
                已使用 {data.invite.useCount}/{data.invite.maxUses} 次
                {data.invite.expiresAt ? `，${new Date(data.invite.expiresAt).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' })} 前有效` : ''}
              </p>
              <div className="manage-list-footer">
                <RowAction intent="invite-link" fields={{ homepageId: data.homepageId, type: 'reset' }} label="重置链接">
                  重置链接
                </RowAction>
                <RowAction intent="invite-link" fields={{ homepageId: data.homepageId, type: 'close' }} label="关闭邀请" danger>
                  关闭邀请
                </RowAction>
              </div>
            </>
          ) : (
            <div className="manage-list-footer">
              <RowAction intent="invite-link" fields={{ homepageId: data.homepageId, type: 'generate' }} label="生成邀请链接">
                生成邀请链接
              </RowAction>
            </div>
          )}
        </section>
      )}
    </div>
  )
}

/**
 * 公开主页 for a homepage without a personal domain: the domain asked for inline, prefilled with a
 * free one, and opened with the same submit (its rules checked as you type with JavaScript, by the
 * server without it; a taken one is said beside the field).
 */
function PublishForm({ data, lastResult }: { data: Of<'share'>; lastResult?: SubmissionResult<string[]> | null }) {
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'publish-homepage-form',
    schema: PublishHomepageSchema,
    defaultValue: { homepageId: String(data.homepageId), code: data.suggestion },
    lastResult,
    validateAsYouType: true,
  })
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form publish-form">
      <input type="hidden" name="intent" value="publish-homepage" />
      <input type="hidden" name="homepageId" value={data.homepageId} />
      <FormError id={form.errorId} errors={form.errors} />
      <TextField field={fields.code} label="个性域名" hint="公开主页需要一个个性域名：4-20位数字、字母、中划线组合，且必须为字母开头" />
      <div className="form-actions">
        <SubmitButton busy={busy} label="公开主页" />
      </div>
    </fetcher.Form>
  )
}

const PERMISSION_NAMES: Record<string, string> = { owner: '创建者', manager: '管理员', member: '成员' }

/**
 * Members, 30 a page (spec §9): without JavaScript 上一页 / 下一页 links; with it the next pages
 * are appended as the list's end nears (infinite scroll, distance 10px). The creator is tagged;
 * the owner appoints, demotes and removes; a member may leave.
 */
export function MembersList({ data }: { data: Of<'members'> }) {
  const location = useLocation()
  const fetcher = useFetcher<{ manage?: HomepageDialogData | null }>()
  const [appended, setAppended] = useState<{ base: Of<'members'>; pages: Of<'members'>[] }>({ base: data, pages: [] })
  let pages = appended.base === data ? appended.pages : []
  const fetched = fetcher.data?.manage
  const last = pages.at(-1) ?? data
  if (fetched?.dialog === 'members' && fetched.page === last.page + 1) {
    pages = [...pages, fetched]
    setAppended({ base: data, pages })
  } else if (appended.base !== data) {
    setAppended({ base: data, pages })
  }
  const tail = pages.at(-1) ?? data
  const nextHref = dialogHref(location, 'members', { page: tail.page + 1 })
  const moreRef = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const more = moreRef.current
    if (!more || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && fetcher.state === 'idle') void fetcher.load(nextHref)
      },
      { rootMargin: '0px 0px 10px 0px' },
    )
    observer.observe(more)
    return () => observer.disconnect()
  })
  const members = [data, ...pages].flatMap((p) => p.members)
  return (
    <div className="manage-list members-list">
      <p className="muted">共 {data.total + 1} 人</p>
      <ul className="manage-rows">
        {members.map((m) => (
          <li key={m.uid} className="manage-row">
            <span className="manage-row-name">
              <span className="member-faces" aria-hidden="true">
                <Face initial={[...m.nickname][0] ?? ''} avatar={m.avatar} />
              </span>
              <span>{m.nickname}</span>
              <span className="tag">{PERMISSION_NAMES[m.permission]}</span>
            </span>
            <span className="manage-row-actions">
              {data.isOwner && !m.isCreator ? (
                <>
                  <RowAction
                    intent="member-permission"
                    fields={{ homepageId: data.homepageId, userId: m.uid, permission: m.permission === 'manager' ? 'member' : 'manager' }}
                    label={`${m.permission === 'manager' ? '取消管理员' : '设为管理员'} ${m.nickname}`}
                  >
                    {m.permission === 'manager' ? '取消管理员' : '设为管理员'}
                  </RowAction>
                  <RowAction intent="remove-member" fields={{ homepageId: data.homepageId, userId: m.uid }} label={`移除 ${m.nickname}`} danger>
                    移除
                  </RowAction>
                </>
              ) : null}
              {!data.isOwner && m.uid === data.selfId ? (
                <RowAction intent="remove-member" fields={{ homepageId: data.homepageId, userId: m.uid }} label="退出该主页" danger>
                  退出
                </RowAction>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="manage-list-footer">
        {data.page > 1 ? (
          <Link to={dialogHref(location, 'members', { page: data.page - 1 })} className="button button-small" preventScrollReset replace>
            上一页
          </Link>
        ) : null}
        {tail.next ? (
          <Link ref={moreRef} to={nextHref} className="button button-small" preventScrollReset replace>
            {fetcher.state === 'idle' ? '下一页' : '加载中…'}
          </Link>
        ) : null}
      </p>
    </div>
  )
}

/** The owner's other public homepages, for visitors of one of them. */
export function MoreHomepages({ data }: { data: Of<'more-homepages'> }) {
  if (!data.rows.length) return <p className="muted empty">TA没有其它公开的主页</p>
  return (
    <ul className="manage-rows">
      {data.rows.map((row) => (
        <li key={row.id} className="manage-row">
          <span className="manage-row-name">
            <a href={`/${row.code}`}>{row.name}</a>
            {row.isMember ? <span className="tag">你是成员</span> : null}
          </span>
          {row.summary ? <span className="muted">{row.summary}</span> : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * Share a category (spec §2): step 1 an optional remark and 创建分享; step 2 the link to copy,
 * social share links, 查看, and 取消分享 (private again).
 */
export function ShareBagPanel({ data }: { data: Of<'share-bag'> }) {
  const busy = useNavigation().state === 'submitting'
  if (!data.share) {
    return (
      <Form method="post" className="manage-form" preventScrollReset>
        <input type="hidden" name="bid" value={data.bid} />
        <p>分享后，任何人都能通过链接查看分类「{data.name}」里的书签（未公开的书签除外）。</p>
        <label className="field">
          <span className="field-label">分享备注（可不填）</span>
          <input type="text" name="remark" maxLength={30} placeholder="最多30个字" />
        </label>
        <p className="manage-list-footer">
          <button type="submit" name="intent" value="share-bag" className="button button-primary" disabled={busy}>
            创建分享
          </button>
        </p>
      </Form>
    )
  }
  const shared = `url=${encodeURIComponent(data.share.url)}&title=${encodeURIComponent(`${data.name} - 起页`)}`
  return (
    <div className="manage-list share-panel">
      {data.share.remark ? <p>{data.share.remark}</p> : null}
      <CopyField label="分享链接" value={data.share.url} />
      <p className="tools">
        <a href={`https://service.weibo.com/share/share.php?${shared}`} target="_blank" rel="noopener noreferrer">
          分享到微博
        </a>
        <a href={`https://sns.qzone.qq.com/cgi-bin/qzshare/cgi_qzshare_onekey?${shared}`} target="_blank" rel="noopener noreferrer">
          分享到QQ空间
        </a>
        <a href={`https://connect.qq.com/widget/shareqq/index.html?${shared}`} target="_blank" rel="noopener noreferrer">
          分享到QQ
        </a>
      </p>
      <div className="manage-list-footer">
        <a href={data.share.url} className="button button-small">
          立即查看
        </a>
        <RowAction intent="unshare-bag" fields={{ bid: data.bid }} label={`取消分享 ${data.name}`} danger>
          取消分享
        </RowAction>
      </div>
    </div>
  )
}

/** Share a module (spec §2): step 1 分享; step 2 its link to copy, 查看 and 取消分享. */
export function ShareModulePanel({ data, lastResult }: { data: Of<'share-module'>; lastResult?: SubmissionResult<string[]> | null }) {
  if (!data.url) {
    return (
      <div className="manage-list share-panel">
        <p>分享后，任何人都能通过链接查看模块「{data.name}」（只有这个模块，未公开的书签除外）。</p>
        {data.code ? null : <p className="muted">请先点击【编辑】选项，设置个性域名</p>}
        <div className="manage-list-footer">
          <RowAction intent="share-module" fields={{ moduleId: data.moduleId }} label={`立即分享 ${data.name}`}>
            立即分享
          </RowAction>
        </div>
      </div>
    )
  }
  return (
    <div className="manage-list share-panel">
      <CopyField label="分享链接" value={data.url} />
      <div className="manage-list-footer">
        <a href={data.url} className="button button-small">
          立即查看
        </a>
        <RowAction intent="unshare-module" fields={{ moduleId: data.moduleId }} label={`取消分享 ${data.name}`} danger>
          取消分享
        </RowAction>
      </div>
      <ShareIntroForm data={data} lastResult={lastResult} />
    </div>
  )
}

/** The shared module page's own title and summary (save-share-params), shown above its bookmarks. */
function ShareIntroForm({ data, lastResult }: { data: Of<'share-module'>; lastResult?: SubmissionResult<string[]> | null }) {
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'share-intro-form',
    schema: ShareIntroSchema,
    defaultValue: { moduleId: String(data.moduleId), title: data.title, summary: data.summary },
    lastResult,
  })
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form share-intro">
      <input type="hidden" name="intent" value="save-share-intro" />
      <input type="hidden" name="moduleId" value={data.moduleId} />
      <FormError id={form.errorId} errors={form.errors} />
      <TextField field={fields.title} label="分享页标题（可不填）" placeholder={data.name} />
      <TextareaField field={fields.summary} label="分享页简介（可不填）" rows={2} />
      <div className="form-actions">
        <SubmitButton busy={busy} label="保存标题和简介" />
      </div>
    </fetcher.Form>
  )
}
