import type { Route } from './+types/group.join'
import { GroupNav } from '#app/components/groups/group-nav.tsx'
import { JoinCodeForm } from '#app/components/groups/join-code-form.tsx'
import { userContext } from '#app/context.ts'

/**
 * `/group/join` (spec §2): type or paste an invite code; the form goes (GET) to
 * /group/invite?code=…, which shows the group and joins it. Open to guests: the invite page asks
 * them to sign in.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { headerTitle: '加入小组', signedIn: context.get(userContext) !== null }
}

export const meta: Route.MetaFunction = () => [{ title: '邀请码加入小组 - 起页' }]

export default function GroupJoin({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page group-page">
      <GroupNav signedIn={loaderData.signedIn} />
      <section className="group-panel group-narrow" aria-labelledby="group-join-title">
        <h1 id="group-join-title">用邀请码加入小组</h1>
        <p className="muted">私密小组需要邀请码或申请才能加入；公开小组也可以用邀请码直接加入。</p>
        <JoinCodeForm />
      </section>
    </main>
  )
}
