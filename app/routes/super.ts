import { redirect } from 'react-router'
import { REVIEW_HREF } from '#app/components/discover/discover-href.ts'

/** `/super` (spec §2): the administrators' pages start at /super/index. */
export const loader = () => redirect(REVIEW_HREF)
