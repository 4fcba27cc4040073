import { redirect } from 'react-router'

/** `/user` (issue 25): the user centre opens on its first page, the account; its guard is that page's. */
export const loader = () => redirect('/user/account')
