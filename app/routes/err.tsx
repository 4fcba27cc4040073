import { ErrorPage, NOT_FOUND_MSG } from '#app/components/error-page.tsx'

export const meta = () => [{ title: `${NOT_FOUND_MSG} - 起页` }]

/** `/err` (spec §2): where clients send people when a page cannot be shown. */
export default function Err() {
  return <ErrorPage status={404} message={NOT_FOUND_MSG} />
}
