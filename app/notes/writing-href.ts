/** The pages of a blog post and a code snippet (spec §2): its page, and its form. */
export const detailHref = (id: number) => `/blog/detail/${id}`
export const editHref = (type: 'post' | 'code', id: number) => (type === 'post' ? `/blog/write?id=${id}` : `/editor/code?id=${id}`)
