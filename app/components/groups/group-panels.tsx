import { Form, Link } from 'react-router'
import { CopyField } from '#app/components/copy-field.tsx'
import { Pager } from '#app/components/pager.tsx'
import { FormMessage, IconSelect, TextField } from './form-bits.tsx'
import { groupHref, tabHref } from './group-href.ts'
import { ItemIcon } from './item-icon.tsx'
import type { ApplyItem, BookmarkItem, CategoryItem, FormReply, GroupCan, InviteView, LogItem, MemberItem, Paged, TrashedCategory } from './types.ts'

/** The tabs of the group page besides its bookmarks: people, review, one's contributions, trash, categories, invite code, log. */

const PERMISSION_LABELS: Record<MemberItem['permission'], string> = { owner: '创建者', admin: '管理员', member: '成员' }

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="muted gd-empty">{children}</p>
}

/** 成员: the owner, administrators, members; the owner sets or unsets administrators, administrators remove members. */
export function MembersPanel({ groupId, members, me, can }: { groupId: number; members: Paged<MemberItem>; me: number; can: GroupCan }) {
  return (
    <section aria-labelledby="gd-panel-title">
      <h2 id="gd-panel-title" className="gd-section-title">
        成员<span className="muted gd-count">{`共 ${members.total} 人`}</span>
      </h2>
      <ul className="gd-rows">
        {members.list.map((m) => {
          // The owner removes anyone; an administrator only members. Nobody acts on the owner or on themselves here.
          const removable = m.permission !== 'owner' && m.uid !== me && can.removeMember && (m.permission === 'member' || can.setPermission)
          const settable = m.permission !== 'owner' && can.setPermission
          return (
            <li key={m.uid} className="gd-row">
              <span className="gd-row-main">
                <strong>{m.nickname}</strong>
                <span className={`gd-badge${m.permission === 'member' ? '' : ' gd-badge-strong'}`}>{PERMISSION_LABELS[m.permission]}</span>
                <span className="muted gd-time">{`加入于 ${m.time}`}</span>
              </span>
              {settable || removable ? (
                <Form method="post" className="gd-inline" preventScrollReset>
                  <input type="hidden" name="userId" value={m.uid} />
                  {settable ? (
                    <button type="submit" name="intent" value="set-permission" className="button button-small">
                      {m.permission === 'admin' ? '取消管理员' : '设为管理员'}
                      <span className="sr-only">{`：${m.nickname}`}</span>
                    </button>
                  ) : null}
                  {removable ? (
                    <button type="submit" name="intent" value="remove-member" className="button button-small button-danger">
                      移除<span className="sr-only">{`：${m.nickname}`}</span>
                    </button>
                  ) : null}
                </Form>
              ) : null}
            </li>
          )
        })}
      </ul>
      <Pager page={members.page} pages={members.pages} hrefOf={(p) => tabHref(groupId, 'members', { tpage: p })} />
    </section>
  )
}

function Decide({ intent, id, what }: { intent: 'review-contribute' | 'review-apply'; id: number; what: string }) {
  return (
    <Form method="post" className="gd-inline" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="status" value="approved" className="button button-small button-primary">
        通过<span className="sr-only">{`：${what}`}</span>
      </button>
      <button type="submit" name="status" value="rejected" className="button button-small button-danger">
        拒绝<span className="sr-only">{`：${what}`}</span>
      </button>
    </Form>
  )
}

function BookmarkLine({ b }: { b: BookmarkItem }) {
  return (
    <span className="gd-row-main">
      <ItemIcon icon={b.icon} name={b.name} />
      <a href={b.url} target="_blank" rel="noopener noreferrer nofollow">
        {b.name}
      </a>
      {b.note ? <span className="gd-note">{b.note}</span> : null}
      <span className="muted gd-url">{b.url}</span>
    </span>
  )
}

/** 待审核: members' contributions (通过 shows one, 拒绝 turns it down), and applications to join. */
export function ReviewPanel({ groupId, pending, applies }: { groupId: number; pending: Paged<BookmarkItem>; applies: Paged<ApplyItem> }) {
  return (
    <section aria-labelledby="gd-panel-title">
      <h2 id="gd-panel-title" className="gd-section-title">
        待审核的投稿<span className="muted gd-count">{`共 ${pending.total} 个`}</span>
      </h2>
      {pending.list.length ? (
        <ul className="gd-rows">
          {pending.list.map((b) => (
            <li key={b.id} className="gd-row">
              <BookmarkLine b={b} />
              <span className="muted gd-time">{`${b.contributor || '成员已注销'} 投稿于 ${b.time}`}</span>
              <Decide intent="review-contribute" id={b.id} what={b.name} />
            </li>
          ))}
        </ul>
      ) : (
        <Empty>没有待审核的投稿</Empty>
      )}
      <Pager page={pending.page} pages={pending.pages} hrefOf={(p) => tabHref(groupId, 'review', { tpage: p, apage: applies.page })} />
      <h2 className="gd-section-title">
        入组申请<span className="muted gd-count">{`共 ${applies.total} 个`}</span>
      </h2>
      {applies.list.length ? (
        <ul className="gd-rows">
          {applies.list.map((a) => (
            <li key={a.id} className="gd-row">
              <span className="gd-row-main">
                <strong>{a.nickname}</strong>
                <span className="muted gd-time">{`申请于 ${a.time}`}</span>
              </span>
              <Decide intent="review-apply" id={a.id} what={a.nickname} />
            </li>
          ))}
        </ul>
      ) : (
        <Empty>没有待处理的申请</Empty>
      )}
      <Pager page={applies.page} pages={applies.pages} hrefOf={(p) => tabHref(groupId, 'review', { tpage: pending.page, apage: p })} />
    </section>
  )
}

function stateOf(b: BookmarkItem) {
  if (b.deleted) return b.appeal === 'pending' ? '已被删除 · 申诉中' : b.appeal === 'rejected' ? '已被删除 · 申诉未通过' : '已被管理员删除'
  return b.status === 'pending' ? '待审核' : b.status === 'rejected' ? '未通过' : '已显示'
}

/** 我的投稿: the actor's contributions waiting, turned down or removed; a removed one may be appealed once. */
export function MinePanel({ groupId, mine, can }: { groupId: number; mine: Paged<BookmarkItem>; can: GroupCan }) {
  return (
    <section aria-labelledby="gd-panel-title">
      <h2 id="gd-panel-title" className="gd-section-title">
        我的投稿<span className="muted gd-count">{`共 ${mine.total} 个`}</span>
      </h2>
      <p className="field-hint">这里是等待审核、未通过和被删除的投稿；已显示的在小组的分类里。</p>
      {mine.list.length ? (
        <ul className="gd-rows">
          {mine.list.map((b) => (
            <li key={b.id} className="gd-row">
              <BookmarkLine b={b} />
              <span className={`gd-badge${b.deleted || b.status === 'rejected' ? ' gd-badge-closed' : ''}`}>{stateOf(b)}</span>
              {can.appeal && b.deleted && b.status === 'approved' && !b.appeal ? (
                <Form method="post" className="gd-inline" preventScrollReset>
                  <input type="hidden" name="id" value={b.id} />
                  <button type="submit" name="intent" value="appeal" className="button button-small">
                    申诉<span className="sr-only">{`：${b.name}`}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>没有待处理的投稿</Empty>
      )}
      <Pager page={mine.page} pages={mine.pages} hrefOf={(p) => tabHref(groupId, 'mine', { tpage: p })} />
    </section>
  )
}

/** 回收站: removed bookmarks (5 a page), appeals first: 恢复, or for an appeal 通过 (restores it) / 驳回. */
export function TrashPanel({ groupId, trash }: { groupId: number; trash: Paged<BookmarkItem> }) {
  return (
    <section aria-labelledby="gd-panel-title">
      <h2 id="gd-panel-title" className="gd-section-title">
        书签回收站<span className="muted gd-count">{`共 ${trash.total} 个`}</span>
      </h2>
      {trash.list.length ? (
        <ul className="gd-rows">
          {trash.list.map((b) => (
            <li key={b.id} className="gd-row">
              <BookmarkLine b={b} />
              <span className="muted gd-time">{`删除于 ${b.time}${b.contributor ? ` · ${b.contributor} 添加` : ''}`}</span>
              {b.appeal === 'pending' ? <span className="gd-badge gd-badge-strong">申诉中</span> : null}
              {b.appeal === 'pending' ? (
                <Form method="post" className="gd-inline" preventScrollReset>
                  <input type="hidden" name="intent" value="review-contribute" />
                  <input type="hidden" name="id" value={b.id} />
                  <button type="submit" name="status" value="approved" className="button button-small button-primary">
                    通过申诉<span className="sr-only">{`：${b.name}`}</span>
                  </button>
                  <button type="submit" name="status" value="rejected" className="button button-small button-danger">
                    驳回<span className="sr-only">{`：${b.name}`}</span>
                  </button>
                </Form>
              ) : (
                <Form method="post" className="gd-inline" preventScrollReset>
                  <input type="hidden" name="id" value={b.id} />
                  <button type="submit" name="intent" value="restore-bookmark" className="button button-small">
                    恢复<span className="sr-only">{`：${b.name}`}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>回收站是空的</Empty>
      )}
      <Pager page={trash.page} pages={trash.pages} hrefOf={(p) => tabHref(groupId, 'trash', { tpage: p })} />
    </section>
  )
}

/** 分类管理: the order (上移/下移), a new title or icon (改名, one form open at a time), 删除, and the category trash. */
export function CategoriesPanel({
  groupId,
  categories,
  rename,
  trashed,
  reply,
}: {
  groupId: number
  categories: CategoryItem[]
  rename: number
  trashed: Paged<TrashedCategory>
  reply: FormReply | null
}) {
  return (
    <section aria-labelledby="gd-panel-title">
      <h2 id="gd-panel-title" className="gd-section-title">
        分类管理<span className="muted gd-count">{`共 ${categories.length} 个`}</span>
      </h2>
      {categories.length ? (
        <ol className="gd-rows">
          {categories.map((c, i) => {
            const form = `category-${c.id}`
            return (
              <li key={c.id} className="gd-row">
                <span className="gd-row-main">
                  <ItemIcon icon={c.icon} name={c.title} />
                  <Link to={groupHref(groupId, c.id)}>{c.title}</Link>
                </span>
                <Form method="post" className="gd-inline" preventScrollReset>
                  <input type="hidden" name="cid" value={c.id} />
                  <button type="submit" name="intent" value="category-up" className="button button-small" disabled={i === 0} aria-label={`上移 ${c.title}`}>
                    ↑
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="category-down"
                    className="button button-small"
                    disabled={i === categories.length - 1}
                    aria-label={`下移 ${c.title}`}
                  >
                    ↓
                  </button>
                  <Link
                    to={tabHref(groupId, 'categories', rename === c.id ? {} : { rename: c.id })}
                    className="button button-small"
                    aria-expanded={rename === c.id}
                    aria-label={`改名 ${c.title}`}
                  >
                    改名
                  </Link>
                  <button type="submit" name="intent" value="delete-category" className="button button-small button-danger" aria-label={`删除 ${c.title}`}>
                    删除
                  </button>
                </Form>
                {rename === c.id ? (
                  <Form method="post" className="gd-form gd-panel" aria-label={`修改分类 ${c.title}`}>
                    <input type="hidden" name="id" value={c.id} />
                    <FormMessage form={form} reply={reply} />
                    <TextField form={form} name="title" label="分类名称" reply={reply} defaultValue={c.title} required maxLength={20} />
                    <IconSelect form={form} reply={reply} defaultValue={c.icon} />
                    <p className="gd-form-actions">
                      <button type="submit" name="intent" value="save-category" className="button button-primary">
                        保存
                      </button>
                      <Link to={tabHref(groupId, 'categories')} className="button">
                        取消
                      </Link>
                    </p>
                  </Form>
                ) : null}
              </li>
            )
          })}
        </ol>
      ) : (
        <Empty>还没有分类，在左边添加一个。</Empty>
      )}
      <h2 className="gd-section-title">
        分类回收站<span className="muted gd-count">{`共 ${trashed.total} 个`}</span>
      </h2>
      {trashed.list.length ? (
        <ul className="gd-rows">
          {trashed.list.map((c) => (
            <li key={c.id} className="gd-row">
              <span className="gd-row-main">
                <ItemIcon icon={c.icon} name={c.title} />
                <strong>{c.title}</strong>
                <span className="muted gd-time">{`删除于 ${c.time}`}</span>
              </span>
              <Form method="post" className="gd-inline" preventScrollReset>
                <input type="hidden" name="cid" value={c.id} />
                <button type="submit" name="intent" value="restore-category" className="button button-small">
                  恢复<span className="sr-only">{`：${c.title}`}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <Empty>分类回收站是空的</Empty>
      )}
      <Pager page={trashed.page} pages={trashed.pages} hrefOf={(p) => tabHref(groupId, 'categories', { tpage: p })} />
    </section>
  )
}

/** 邀请: the code and its address to hand on (copied by hand, or by a button once scripts run); make a new one, switch it off or on, delete it. */
export function InvitePanel({ invite }: { invite: InviteView | null }) {
  return (
    <section aria-labelledby="gd-panel-title">
      <h2 id="gd-panel-title" className="gd-section-title">
        邀请码
      </h2>
      {invite ? (
        <>
          <p>
            邀请码：<code className="gd-code">{invite.code}</code>{' '}
            <span className={`gd-badge${invite.enabled ? ' gd-badge-strong' : ' gd-badge-closed'}`}>{invite.enabled ? '已开启' : '已关闭'}</span>
          </p>
          <CopyField label="邀请链接" value={invite.url} />
          <p className="muted">{`有效期至 ${invite.expires}。拿到链接的人可以直接加入小组（私密小组也可以）。`}</p>
          <Form method="post" className="gd-inline">
            <button type="submit" name="intent" value="invite-generate" className="button">
              重新生成
            </button>
            <button type="submit" name="intent" value="invite-toggle" className="button">
              {invite.enabled ? '关闭' : '开启'}
            </button>
            <button type="submit" name="intent" value="invite-delete" className="button button-danger">
              删除
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="muted">还没有邀请码。生成后，拿到邀请链接的人可以直接加入小组。</p>
          <Form method="post">
            <button type="submit" name="intent" value="invite-generate" className="button button-primary">
              生成邀请码
            </button>
          </Form>
        </>
      )}
    </section>
  )
}

/** 日志: who did what to what, and when (20 a page, newest first). */
export function LogPanel({ groupId, log }: { groupId: number; log: Paged<LogItem> }) {
  return (
    <section aria-labelledby="gd-panel-title">
      <h2 id="gd-panel-title" className="gd-section-title">
        小组日志<span className="muted gd-count">{`共 ${log.total} 条`}</span>
      </h2>
      {log.list.length ? (
        <ol className="gd-rows gd-log">
          {log.list.map((l) => (
            <li key={l.id} className="gd-row">
              <span className="gd-row-main">
                <strong>{l.nickname || '已注销的用户'}</strong>
                <span>{l.text}</span>
                {l.subject ? <span className="gd-subject">{`「${l.subject}」`}</span> : null}
              </span>
              <time className="muted gd-time">{l.time}</time>
            </li>
          ))}
        </ol>
      ) : (
        <Empty>还没有日志</Empty>
      )}
      <Pager page={log.page} pages={log.pages} hrefOf={(p) => tabHref(groupId, 'log', { tpage: p })} />
    </section>
  )
}
