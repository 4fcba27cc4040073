import '#app/components/notes/notes.css'
import type { Route } from './+types/blog.write'
import { WritingPage } from '#app/components/notes/writing-form.tsx'
import { loadWritingForm, saveWritingForm } from './writing-page.server.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.headerTitle ?? '写文章'} - 起页` }]

/** `/blog/write?bid=&parentId=` (a new post in a category) and `?id=` (a post edited): spec §2, a plain white page. */
export const loader = (args: Route.LoaderArgs) => loadWritingForm(args, 'post')
export const action = (args: Route.ActionArgs) => saveWritingForm(args, 'post')

export default function BlogWrite({ loaderData, actionData }: Route.ComponentProps) {
  return <WritingPage kind="post" data={loaderData} answer={actionData} />
}
