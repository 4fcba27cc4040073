import { lazyPart, usePreloadForDialogLinks } from '../lazy-part.tsx'
import type { ManageDialogData } from './types.ts'
// Linked by the page, so that the server's dialog (and the page without JavaScript) is styled.
import './manage.css'
import '#app/components/notes/notes.css'

/** The dialogs' code (Radix, Conform, zod, every form) loads when one is open (ADR 015). */
const LazyManageDialog = lazyPart(() => import('./manage-dialog.tsx').then((m) => m.ManageDialog), 'manage-dialog')

const isManageDialog = (dialog: string) => dialog !== 'login' && dialog !== 'register'

/** The open management dialog of the page (manage-dialog.tsx), if the URL names one; its links fetch it ahead. */
export function ManageDialog({ data, actionData }: { data: ManageDialogData | null | undefined; actionData?: unknown }) {
  usePreloadForDialogLinks(isManageDialog, LazyManageDialog.preload)
  return data ? <LazyManageDialog data={data} actionData={actionData} /> : null
}
