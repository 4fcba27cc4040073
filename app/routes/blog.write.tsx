import '#app/components/notes/notes.css'
import { useLocation } from 'react-router'
import type { Route } from './+types/blog.write'
import { WritingForm } from '#app/components/notes/writing-form.tsx'
import { detailHref } from '#app/components/notes/writing-href.ts'
import { loadWritingForm, saveWritingForm } from './writing-page.server.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.headerTitle ?? '写文章'} - 起页` }]

/** `/blog/write?bid=&parentId=` (a new post in a category) and `?id=` (a post edited): spec §2, a plain white page. */
export const loader = (args: Route.LoaderArgs) => loadWritingForm(args, 'post')
export const action = (args: Route.ActionArgs) => saveWritingForm(args, 'post')

export default function BlogWrite({ loaderData, actionData }: Route.ComponentProps) {
  const { writing, place } = loaderData
  const { key } = useLocation()
  return (
    <main id="main" className="page writing-page">
      <h1>{writing ? '编辑文章' : '写文章'}</h1>
      <WritingForm key={`${writing?.version ?? 0}:${key}`} kind="post" writing={writing} place={place} answer={actionData ?? null} cancelHref={writing ? detailHref(writing.id) : '/'} />
    </main>
  )
}
