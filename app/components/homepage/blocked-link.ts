/** Spec §8: what a blacklisted bookmark says when it is clicked. */
export const BLOCKED_MSG = '当前链接违规，无法访问'
