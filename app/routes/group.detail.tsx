import { Link } from 'react-router'
import type { Route } from './+types/group.detail'
import { groupAction, loadGroupPage } from './group-detail.server.ts'
import { GroupBookmarks } from '#app/components/groups/group-bookmarks.tsx'
import { GroupHeader } from '#app/components/groups/group-header.tsx'
import { tabHref } from '#app/components/groups/group-href.ts'
import { CategoriesPanel, InvitePanel, LogPanel, MembersPanel, MinePanel, ReviewPanel, TrashPanel } from '#app/components/groups/group-panels.tsx'
import { GroupSidebar } from '#app/components/groups/group-sidebar.tsx'
import { GROUP_TAB_LABELS } from '#app/components/groups/types.ts'
import '#app/components/groups/group-detail.css'

/**
 * `/group/{id}/{cid?}` (spec §2 group detail): a group's card and, for whoever may see its content,
 * its categories, bookmarks and tabs (成员, 待审核, 我的投稿, 回收站, 分类管理, 邀请, 日志).
 * Full width, no footer. Every action is a form with an `intent` (group-detail.server.ts), so the
 * page works without JavaScript: POST, redirect, and a toast.
 */
export const loader = (args: Route.LoaderArgs) => loadGroupPage(args)
export const action = (args: Route.ActionArgs) => groupAction(args)

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.group.name} - 小组 - 起页` : '小组 - 起页' }]

export default function GroupDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { group, can, content, signIn, signedIn, closed } = loaderData
  const reply = actionData?.reply ?? null
  return (
    <main id="main" className="page gd-page">
      <GroupHeader group={group} can={can} signIn={signIn} signedIn={signedIn} />
      {content ? (
        <div className="gd-layout">
          <GroupSidebar
            groupId={group.id}
            categories={content.categories}
            current={content.tab === 'bookmarks' ? (content.books?.cid ?? null) : null}
            all={content.tab === 'bookmarks' && Boolean(content.books?.all) && !content.books?.wd}
            showAll={group.indexMode === 'all'}
            can={can}
            reply={reply}
          />
          <div className="gd-main">
            <nav className="gd-tabs" aria-label="小组栏目">
              <ul>
                {content.tabs.map((tab) => (
                  <li key={tab}>
                    <Link to={tabHref(group.id, tab)} aria-current={tab === content.tab ? 'page' : undefined}>
                      {GROUP_TAB_LABELS[tab]}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {content.panelError ? (
              <p className="form-error" role="alert">
                {content.panelError}
              </p>
            ) : content.books ? (
              <GroupBookmarks groupId={group.id} books={content.books} categories={content.categories} can={can} reply={reply} signIn={signIn} />
            ) : content.panel?.tab === 'members' ? (
              <MembersPanel groupId={group.id} members={content.panel.members} me={content.panel.me} can={can} />
            ) : content.panel?.tab === 'review' ? (
              <ReviewPanel groupId={group.id} pending={content.panel.pending} applies={content.panel.applies} />
            ) : content.panel?.tab === 'mine' ? (
              <MinePanel groupId={group.id} mine={content.panel.mine} can={can} />
            ) : content.panel?.tab === 'trash' ? (
              <TrashPanel groupId={group.id} trash={content.panel.trash} />
            ) : content.panel?.tab === 'categories' ? (
              <CategoriesPanel groupId={group.id} categories={content.categories} rename={content.panel.rename} trashed={content.panel.trashed} reply={reply} />
            ) : content.panel?.tab === 'invite' ? (
              <InvitePanel invite={content.panel.invite} />
            ) : content.panel?.tab === 'log' ? (
              <LogPanel groupId={group.id} log={content.panel.log} />
            ) : null}
          </div>
        </div>
      ) : (
        <section className="gd-closed" aria-labelledby="gd-closed-title">
          <h2 id="gd-closed-title">{closed}</h2>
          {signedIn ? (
            <p className="muted">{group.role === 'applicant' ? '你的申请正在等待管理员审核。' : '点上面的“申请加入”，管理员通过后就能看到小组的书签。'}</p>
          ) : (
            <p>
              <Link to={signIn}>登录</Link>后可以申请加入。
            </p>
          )}
        </section>
      )}
    </main>
  )
}
