import { Form, Link } from 'react-router'
import type { Route } from './+types/group.explore'
import { signInHref } from '#app/components/auth/dialog-url.ts'
import { GroupCard } from '#app/components/groups/group-card.tsx'
import { cardViewOf, type GroupCardView } from '#app/components/groups/types.ts'
import { GROUP_CREATE_HREF, GROUP_EXPLORE_HREF, GROUP_JOIN_HREF } from '#app/components/groups/group-href.ts'
import { GroupNav } from '#app/components/groups/group-nav.tsx'
import { Pager } from '#app/components/pager.tsx'
import { appContext, userContext } from '#app/context.ts'
import { GROUP_PAGE_SIZE, GROUP_SMALL_PAGE_SIZE } from '#app/schemas/group.ts'
import { idOf, pageOf } from '#app/schemas/ids.ts'
import { recordPage } from '#app/services/browser-history.server.ts'
import { GROUP_RESTORED_MSG, type GroupCard as Card, type GroupList, listGroups, restoreGroup } from '#app/services/groups.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { formatTime, viewerTimeZone } from '#app/utils/http.server.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * `/group` (spec §2: the empty child, group explore): the recommended and the open groups for
 * everyone, and a signed-in user's own lists (我创建的, 我加入的, 我投稿的, 我收藏的, 回收站), as
 * tabs that are links (`?tab=`), 20 a page (the trash 5, spec §9). 恢复 in the trash is a form.
 */

type Tab = { id: GroupList; label: string; signedIn: boolean; empty: string }

const TABS: readonly Tab[] = [
  { id: 'recommend', label: '推荐小组', signedIn: false, empty: '还没有可推荐的小组。' },
  { id: 'open', label: '公开小组', signedIn: false, empty: '还没有公开小组。' },
  { id: 'create', label: '我创建的', signedIn: true, empty: '你还没有创建小组。' },
  { id: 'join', label: '我加入的', signedIn: true, empty: '你还没有加入小组。' },
  { id: 'contribute', label: '我投稿的', signedIn: true, empty: '你还没有向小组投稿过书签。' },
  { id: 'star', label: '我收藏的', signedIn: true, empty: '你还没有收藏小组。' },
  { id: 'trash', label: '回收站', signedIn: true, empty: '回收站是空的。删除的小组会先放在这里，可以恢复。' },
]

const tabOf = (url: URL) => TABS.find((t) => t.id === url.searchParams.get('tab')) ?? TABS[0]!

/** A tab's page: `/group`, `/group?tab=open`, `/group?tab=open&page=2`. */
function listHref(tab: GroupList, page = 1) {
  const params = new URLSearchParams()
  if (tab !== 'recommend') params.set('tab', tab)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return search ? `${GROUP_EXPLORE_HREF}?${search}` : GROUP_EXPLORE_HREF
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = context.get(userContext)
  const { db } = context.get(appContext)
  const tab = tabOf(url)
  const page = pageOf(url.searchParams.get('page'))
  const size = tab.id === 'trash' ? GROUP_SMALL_PAGE_SIZE : GROUP_PAGE_SIZE
  recordPage(context, request, `${tab.label} - 小组`, { keep: ['tab'] })
  const base = {
    headerTitle: '小组',
    signedIn: user !== null,
    tab: tab.id,
    page,
    // A guest's own tabs ask them to sign in, and come back to the same list.
    signIn: user || !tab.signedIn ? null : signInHref(listHref(tab.id, page)),
  }
  if (base.signIn) return { ...base, pages: 1, total: 0, groups: [] as GroupCardView[] }
  const timeZone = viewerTimeZone(request)
  const { list, total } = await listGroups(db, user, tab.id, { page, size })
  const card = (g: Card): GroupCardView => ({
    ...cardViewOf(g),
    ...(g.deleteTime ? { deletedAt: formatTime(Date.parse(g.deleteTime), timeZone) } : {}),
  })
  return { ...base, pages: Math.max(1, Math.ceil(total / size)), total, groups: list.map(card) }
}

/** 恢复 a group from the trash (its owner); back to the same page of the trash with a toast. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = context.get(userContext)
  const back = listHref('trash', pageOf(url.searchParams.get('page')))
  const form = await readPageForm(request)
  if (!user) return redirectWithToast(signInHref(back), { type: 'error', msg: new NotSignedInError().message })
  const id = idOf(form.get('groupId'))
  if (form.get('intent') !== 'restore-group' || !id) return redirectWithToast(back, { type: 'error', msg: '操作失败' })
  try {
    await restoreGroup(context.get(appContext).db, user, id)
  } catch (error) {
    if (error instanceof DomainError) return redirectWithToast(back, { type: 'error', msg: error.message })
    throw error
  }
  return redirectWithToast(back, { type: 'success', msg: GROUP_RESTORED_MSG })
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const tab = TABS.find((t) => t.id === loaderData?.tab) ?? TABS[0]!
  return [{ title: `${tab.label} - 小组 - 起页` }, { name: 'description', content: '小组是大家一起整理的书签合集：发现公开小组，或创建自己的小组。' }]
}

/** What to do when a list is empty: each list says where its groups come from. */
function EmptyList({ tab, page }: { tab: Tab; page: number }) {
  if (page > 1) {
    return (
      <p className="group-empty">
        这一页没有小组了。<Link to={listHref(tab.id)}>回到第一页</Link>
      </p>
    )
  }
  const next: Record<GroupList, React.ReactNode> = {
    recommend: <Link to={GROUP_CREATE_HREF}>创建第一个小组</Link>,
    open: <Link to={GROUP_CREATE_HREF}>创建一个公开小组</Link>,
    create: <Link to={GROUP_CREATE_HREF}>创建小组</Link>,
    join: (
      <>
        去<Link to={listHref('open')}>公开小组</Link>看看，或<Link to={GROUP_JOIN_HREF}>用邀请码加入</Link>
      </>
    ),
    contribute: (
      <>
        加入小组后，可以在小组页向它投稿书签。去<Link to={listHref('open')}>公开小组</Link>看看
      </>
    ),
    star: (
      <>
        在小组页点「收藏」，它就会出现在这里。去<Link to={listHref('recommend')}>推荐小组</Link>看看
      </>
    ),
    trash: null,
  }
  return (
    <div className="group-empty">
      <p>{tab.empty}</p>
      {next[tab.id] ? <p>{next[tab.id]}</p> : null}
    </div>
  )
}

export default function GroupExplore({ loaderData: data }: Route.ComponentProps) {
  const tab = TABS.find((t) => t.id === data.tab) ?? TABS[0]!
  const tabs = TABS.filter((t) => data.signedIn || !t.signedIn)
  return (
    <main id="main" className="page group-page">
      <GroupNav signedIn={data.signedIn} />
      <header className="group-head">
        <h1>小组</h1>
        <p className="muted">小组是大家一起整理的书签合集。公开小组任何人可查看和加入；私密小组需申请或邀请码加入。</p>
      </header>
      <nav className="group-tabs" aria-label="小组列表">
        <ul>
          {tabs.map((t) => (
            <li key={t.id}>
              <Link to={listHref(t.id)} aria-current={t.id === tab.id ? 'page' : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="group-list-title">
        <h2 id="group-list-title" className="sr-only">
          {tab.label}
        </h2>
        {data.signIn ? (
          <div className="group-empty">
            <p>{`登录后查看${tab.label}的小组。`}</p>
            <p>
              <Link to={data.signIn} className="button button-primary">
                登录
              </Link>
            </p>
          </div>
        ) : data.groups.length ? (
          <>
            <p className="muted group-count">{`共 ${data.total} 个小组`}</p>
            <ul className="group-grid">
              {data.groups.map((group) => (
                <li key={group.id}>
                  <GroupCard
                    group={group}
                    headingLevel={3}
                    actions={
                      tab.id === 'trash' ? (
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="groupId" value={group.id} />
                          <button type="submit" name="intent" value="restore-group" className="button button-small" aria-label={`恢复小组 ${group.name}`}>
                            恢复
                          </button>
                        </Form>
                      ) : undefined
                    }
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <EmptyList tab={tab} page={data.page} />
        )}
        <Pager page={data.page} pages={data.pages} hrefOf={(page) => listHref(tab.id, page)} />
      </section>
    </main>
  )
}
