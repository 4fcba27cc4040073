import { Form, Link } from 'react-router'
import type { Route } from './+types/group.notice'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { GROUP_NOTICE_HREF, groupHref } from '#app/components/groups/group-href.ts'
import { GroupNav } from '#app/components/groups/group-nav.tsx'
import { Pager } from '#app/components/pager.tsx'
import { appContext, userContext } from '#app/context.ts'
import { GROUP_PAGE_SIZE, ReviewStatus } from '#app/schemas/group.ts'
import { idOf, pageOf } from '#app/schemas/ids.ts'
import { groupNoticeAmount, listGroupNotices } from '#app/services/group-notices.server.ts'
import { listApplies, reviewApply } from '#app/services/group-people.server.ts'
import { uploadImageSrc } from '#app/uploads/upload-path.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { formatTime, viewerTimeZone } from '#app/utils/http.server.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * `/group/notice` (spec §2): above, the applications waiting for the signed-in user's review (the
 * groups they own or administer), each with 通过 / 拒绝 forms; below, their group notices, 20 a
 * page, newest first. Shown notices are read from then on (listGroupNotices), so this page tells
 * the header the counts as they are now (`headerNotices`: its loader runs beside the root's).
 * Guests are asked to sign in.
 */

const APPROVED_MSG = '已通过入组申请'
const REJECTED_MSG = '已拒绝入组申请'
/** The applications' own pages (`apage`), so each list pages on its own. */
const APPLY_PAGE = 'apage'

function pageHref(page: number, applyPage: number) {
  const params = new URLSearchParams()
  if (page > 1) params.set('page', String(page))
  if (applyPage > 1) params.set(APPLY_PAGE, String(applyPage))
  const search = params.toString()
  return search ? `${GROUP_NOTICE_HREF}?${search}` : GROUP_NOTICE_HREF
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = context.get(userContext)
  const page = pageOf(url.searchParams.get('page'))
  const applyPage = pageOf(url.searchParams.get(APPLY_PAGE))
  if (!user) return { headerTitle: '小组消息', signIn: signInHref(pathOf(url)), page, applyPage, applies: null, notices: null }
  const { db } = context.get(appContext)
  const timeZone = viewerTimeZone(request)
  const at = (iso: string) => formatTime(Date.parse(iso), timeZone)
  const applies = await listApplies(db, user, { page: applyPage, size: GROUP_PAGE_SIZE })
  const notices = await listGroupNotices(db, user, { page, size: GROUP_PAGE_SIZE })
  const { total, groupAmount } = await groupNoticeAmount(db, user)
  return {
    headerTitle: '小组消息',
    headerNotices: { noticeAmount: total, groupAmount },
    signIn: null,
    page,
    applyPage,
    applies: {
      total: applies.total,
      pages: Math.max(1, Math.ceil(applies.total / GROUP_PAGE_SIZE)),
      list: applies.list.map((a) => ({ id: a.id, groupId: a.groupId, groupName: a.groupName, nickname: a.nickname, avatar: a.avatar, time: at(a.createTime) })),
    },
    notices: {
      total: notices.total,
      pages: Math.max(1, Math.ceil(notices.total / GROUP_PAGE_SIZE)),
      list: notices.list.map((n) => ({ id: n.id, title: n.title, content: n.content, link: n.link, wasUnread: !n.isRead, time: at(n.createTime) })),
    },
  }
}

/** 通过 / 拒绝 an application; back to the same pages with a toast. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const user = context.get(userContext)
  const back = pageHref(pageOf(url.searchParams.get('page')), pageOf(url.searchParams.get(APPLY_PAGE)))
  const form = await readPageForm(request)
  if (!user) return redirectWithToast(signInHref(back), { type: 'error', msg: new NotSignedInError().message })
  const id = idOf(form.get('id'))
  const status = ReviewStatus.safeParse(form.get('status'))
  if (form.get('intent') !== 'review-apply' || !id || !status.success) return redirectWithToast(back, { type: 'error', msg: '操作失败' })
  try {
    await reviewApply(context.get(appContext).db, user, { id, status: status.data })
  } catch (error) {
    if (error instanceof DomainError) return redirectWithToast(back, { type: 'error', msg: error.message })
    throw error
  }
  return redirectWithToast(back, { type: 'success', msg: status.data === 'approved' ? APPROVED_MSG : REJECTED_MSG })
}

export const meta: Route.MetaFunction = () => [{ title: '小组消息 - 起页' }]

type Data = Route.ComponentProps['loaderData']

function Applies({ applies, page, applyPage }: { applies: NonNullable<Data['applies']>; page: number; applyPage: number }) {
  const here = pageHref(page, applyPage)
  return (
    <section className="group-panel" aria-labelledby="group-applies-title">
      <h2 id="group-applies-title">{`待审核的入组申请（${applies.total}）`}</h2>
      {applies.list.length ? (
        <ul className="group-rows">
          {applies.list.map((a) => (
            <li key={a.id} className="group-row">
              <div className="group-row-text">
                <p className="group-row-line">
                  {a.avatar ? <img className="group-face" src={uploadImageSrc(a.avatar, 24)} alt="" width={24} height={24} /> : null}
                  <strong>{a.nickname}</strong>
                  <span>申请加入</span>
                  <Link to={groupHref(a.groupId)}>{`「${a.groupName}」`}</Link>
                </p>
                <time className="muted">{a.time}</time>
              </div>
              <Form method="post" action={here} className="group-row-actions" preventScrollReset>
                <input type="hidden" name="intent" value="review-apply" />
                <input type="hidden" name="id" value={a.id} />
                <button type="submit" name="status" value="approved" className="button button-small button-primary" aria-label={`通过 ${a.nickname} 加入「${a.groupName}」的申请`}>
                  通过
                </button>
                <button type="submit" name="status" value="rejected" className="button button-small" aria-label={`拒绝 ${a.nickname} 加入「${a.groupName}」的申请`}>
                  拒绝
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{applyPage > 1 ? '这一页没有申请了。' : '没有待审核的申请。有人申请加入你创建或管理的私密小组时，会出现在这里。'}</p>
      )}
      <Pager page={applyPage} pages={applies.pages} hrefOf={(p) => pageHref(page, p)} />
    </section>
  )
}

export default function GroupNotice({ loaderData: data }: Route.ComponentProps) {
  return (
    <main id="main" className="page group-page">
      <GroupNav signedIn={!data.signIn} />
      <h1 className="group-title">小组消息</h1>
      {data.signIn ? (
        <div className="group-panel group-empty">
          <p>登录后查看小组消息和待审核的入组申请。</p>
          <p>
            <Link to={data.signIn} className="button button-primary">
              登录
            </Link>
          </p>
        </div>
      ) : (
        <>
          {data.applies && (data.applies.total > 0 || data.applyPage > 1) ? <Applies applies={data.applies} page={data.page} applyPage={data.applyPage} /> : null}
          <section className="group-panel" aria-labelledby="group-notices-title">
            <h2 id="group-notices-title">{`小组通知（${data.notices?.total ?? 0}）`}</h2>
            {data.notices?.list.length ? (
              <ol className="group-rows">
                {data.notices.list.map((n) => (
                  <li key={n.id} className={n.wasUnread ? 'group-row group-row-new' : 'group-row'}>
                    <div className="group-row-text">
                      <p className="group-row-line">
                        {n.wasUnread ? <span className="notice-dot-mark" aria-hidden="true" /> : null}
                        <strong className="group-row-title">{n.title}</strong>
                        {n.wasUnread ? <span className="sr-only">（新）</span> : null}
                        <time className="muted">{n.time}</time>
                      </p>
                      {n.content ? <p className="group-row-content">{n.content}</p> : null}
                    </div>
                    {n.link ? (
                      <Link to={n.link} className="button button-small" aria-label={`查看：${n.title}`}>
                        查看
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">{data.page > 1 ? '这一页没有通知了。' : '暂无小组通知。入组申请的结果、投稿的审核和成员变动会通知到这里。'}</p>
            )}
            <Pager page={data.page} pages={data.notices?.pages ?? 1} hrefOf={(p) => pageHref(p, data.applyPage)} />
          </section>
        </>
      )}
    </main>
  )
}
