import '#app/components/notes/notes.css'
import type { Route } from './+types/editor.code'
import { WritingPage } from '#app/components/notes/writing-form.tsx'
import { loadWritingForm, saveWritingForm } from './writing-page.server.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.headerTitle ?? '代码片段'} - 起页` }]

/** `/editor/code?cid=&parentId=` (a new code snippet in a category) and `?id=` (a snippet edited): spec §2. */
export const loader = (args: Route.LoaderArgs) => loadWritingForm(args, 'code')
export const action = (args: Route.ActionArgs) => saveWritingForm(args, 'code')

export default function EditorCode({ loaderData, actionData }: Route.ComponentProps) {
  return <WritingPage kind="code" data={loaderData} answer={actionData} />
}
