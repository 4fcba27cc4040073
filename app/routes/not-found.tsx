import { data } from 'react-router'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'

/** Every unknown path: a real 404 status with the spec's page. */
export function loader() {
  throw data(NOT_FOUND_MSG, { status: 404 })
}

export function action() {
  throw data(NOT_FOUND_MSG, { status: 404 })
}

export default function NotFound() {
  return null
}
