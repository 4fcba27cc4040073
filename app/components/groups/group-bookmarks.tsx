import { Form, Link, useLocation } from 'react-router'
import { Pager } from '#app/components/pager.tsx'
import { FormMessage, TextField, valueOf } from './form-bits.tsx'
import { groupHref } from './group-href.ts'
import { ItemIcon } from './item-icon.tsx'
import { TargetSelect } from './target-select.tsx'
import type { BookmarkItem, CategoryItem, FormReply, GroupCan, Paged, TargetGroup } from './types.ts'

export type BookmarksView = {
  wd: string
  cid: number | null
  all: boolean
  list: Paged<BookmarkItem>
  targets: TargetGroup[]
  /** The bookmark whose edit form is open (?edit=), and the one whose copy form is (?copy=). */
  edit: number
  copy: number
}

const COLLECT_FORM = 'gd-collect'
const NEW_BOOKMARK = 'bookmark-new'

/** The group's bookmarks: the search box, a category's list (or a search's results) with their tools, 收藏 of several, and the add form. */
export function GroupBookmarks({
  groupId,
  books,
  categories,
  can,
  reply,
  signIn,
}: {
  groupId: number
  books: BookmarksView
  categories: CategoryItem[]
  can: GroupCan
  reply: FormReply | null
  signIn: string
}) {
  const { list, wd, cid, all } = books
  const here = (query: Record<string, string | number | undefined> = {}) => groupHref(groupId, cid, query)
  const title = wd ? `“${wd}”的搜索结果` : all ? '全部书签' : (categories.find((c) => c.id === cid)?.title ?? '书签')
  const titleOf = new Map(categories.map((c) => [c.id, c.title]))
  const collecting = can.copy && books.targets.length > 0 && list.list.length > 0
  return (
    <section className="gd-books" aria-labelledby="gd-books-title">
      <Form method="get" action={here()} className="gd-search" role="search">
        <label htmlFor="gd-wd" className="sr-only">
          在小组内搜索
        </label>
        <input id="gd-wd" type="search" name="wd" defaultValue={wd} placeholder="在小组内搜索书签" maxLength={50} />
        <button type="submit" className="button">
          搜索
        </button>
        {wd ? (
          <Link to={here()} className="gd-search-clear">
            清除搜索
          </Link>
        ) : null}
      </Form>
      <h2 id="gd-books-title" className="gd-section-title">
        {title}
        <span className="muted gd-count">{`共 ${list.total} 个`}</span>
      </h2>
      {list.list.length ? (
        <ul className="gd-bookmarks">
          {list.list.map((b, i) => (
            <BookmarkRow
              key={b.id}
              b={b}
              heading={all && !wd && b.cid !== list.list[i - 1]?.cid ? (titleOf.get(b.cid) ?? '') : ''}
              groupId={groupId}
              cid={cid}
              wd={wd}
              books={books}
              categories={categories}
              can={can}
              collecting={collecting}
              reply={reply}
            />
          ))}
        </ul>
      ) : (
        <p className="muted gd-empty">
          {wd ? '没有找到相关书签' : categories.length ? '这个分类还没有书签' : '这个小组还没有分类'}
        </p>
      )}
      <Pager page={list.page} pages={list.pages} hrefOf={(p) => (wd ? here({ wd, spage: p }) : here({ page: p }))} />
      {collecting ? (
        <Form method="post" id={COLLECT_FORM} className="gd-collect">
          <TargetSelect id="gd-collect-target" targets={books.targets} />
          <button type="submit" name="intent" value="collect" className="button button-primary">
            收藏到我的分类
          </button>
          <span className="field-hint">勾选上面的书签，一次收藏多个。</span>
        </Form>
      ) : can.copy && list.list.length ? (
        <p className="muted">你还没有自己的分类，先在主页里建一个分类吧。</p>
      ) : list.list.length ? (
        <p className="muted">
          <Link to={signIn}>登录</Link>后可以把书签收藏到自己的分类。
        </p>
      ) : null}
      {!wd && (can.editBookmarks || can.contribute) && categories.length ? (
        <AddBookmark categories={categories} cid={cid} can={can} reply={reply} />
      ) : null}
    </section>
  )
}

function BookmarkRow({
  b,
  heading,
  groupId,
  cid,
  wd,
  books,
  categories,
  can,
  collecting,
  reply,
}: {
  b: BookmarkItem
  heading: string
  groupId: number
  cid: number | null
  wd: string
  books: BookmarksView
  categories: CategoryItem[]
  can: GroupCan
  collecting: boolean
  reply: FormReply | null
}) {
  const here = (query: Record<string, string | number | undefined>) =>
    `${groupHref(groupId, cid, { wd: wd || undefined, spage: wd ? books.list.page : undefined, page: wd ? undefined : books.list.page, ...query })}#b-${b.id}`
  const copying = books.copy === b.id
  const editing = can.editBookmarks && books.edit === b.id
  const editForm = `bookmark-${b.id}`
  return (
    <>
      {heading ? (
        <li className="gd-cat-heading">
          <h3>{heading}</h3>
        </li>
      ) : null}
      <li id={`b-${b.id}`} className="gd-bookmark">
        <div className="gd-bookmark-line">
          {collecting ? (
            <label className="gd-pick">
              <input type="checkbox" name="ids" value={b.id} form={COLLECT_FORM} />
              <span className="sr-only">{`选择 ${b.name}`}</span>
            </label>
          ) : null}
          <ItemIcon icon={b.icon} name={b.name} />
          <div className="gd-bookmark-text">
            <a href={b.url} target="_blank" rel="noopener noreferrer nofollow" className="gd-bookmark-name">
              {b.name}
            </a>
            {b.note ? <span className="gd-note">{b.note}</span> : null}
            <span className="gd-by muted">{b.contributor ? `由 ${b.contributor} 添加` : '成员已注销'}</span>
          </div>
          <div className="gd-tools">
            {can.copy ? (
              <Link to={copying ? here({}) : here({ copy: b.id })} className="button button-small" aria-expanded={copying} aria-label={`复制到我的分类 ${b.name}`}>
                复制到我的分类
              </Link>
            ) : null}
            {can.editBookmarks ? (
              <>
                <Link to={editing ? here({}) : here({ edit: b.id })} className="button button-small" aria-expanded={editing} aria-label={`编辑 ${b.name}`}>
                  编辑
                </Link>
                {wd ? null : (
                  <Form method="post" className="gd-inline" preventScrollReset>
                    <input type="hidden" name="id" value={b.id} />
                    <button type="submit" name="intent" value="bookmark-up" className="button button-small" aria-label={`上移 ${b.name}`}>
                      ↑
                    </button>
                    <button type="submit" name="intent" value="bookmark-down" className="button button-small" aria-label={`下移 ${b.name}`}>
                      ↓
                    </button>
                  </Form>
                )}
                <Form method="post" className="gd-inline" preventScrollReset>
                  <input type="hidden" name="id" value={b.id} />
                  <button type="submit" name="intent" value="delete-bookmark" className="button button-small button-danger" aria-label={`删除 ${b.name}`}>
                    删除
                  </button>
                </Form>
              </>
            ) : null}
          </div>
        </div>
        {copying && can.copy ? (
          books.targets.length ? (
            <Form method="post" className="gd-panel gd-inline-panel" preventScrollReset>
              <input type="hidden" name="id" value={b.id} />
              <TargetSelect id={`gd-copy-${b.id}`} targets={books.targets} label="复制到" />
              <button type="submit" name="intent" value="copy" className="button button-primary button-small">
                复制
              </button>
            </Form>
          ) : (
            <p className="gd-panel muted">你还没有自己的分类，先在主页里建一个分类吧。</p>
          )
        ) : null}
        {editing ? (
          <div className="gd-panel">
            <Form method="post" className="gd-form" aria-label={`编辑 ${b.name}`}>
              <input type="hidden" name="id" value={b.id} />
              <input type="hidden" name="cid" value={b.cid} />
              <FormMessage form={editForm} reply={reply} />
              <TextField form={editForm} name="name" label="网站名称" reply={reply} defaultValue={b.name} required maxLength={100} />
              <TextField form={editForm} name="url" type="url" label="网址" reply={reply} defaultValue={b.url} required />
              <TextField form={editForm} name="note" label="备注（可选）" reply={reply} defaultValue={b.note} maxLength={100} />
              <p className="gd-form-actions">
                <button type="submit" name="intent" value="save-bookmark" className="button button-primary">
                  保存
                </button>
                <Link to={here({})} className="button">
                  取消
                </Link>
              </p>
            </Form>
            {categories.length > 1 ? (
              <Form method="post" className="gd-inline-panel" preventScrollReset>
                <input type="hidden" name="id" value={b.id} />
                <label htmlFor={`gd-move-${b.id}`}>移动到</label>
                <select id={`gd-move-${b.id}`} name="targetCid" required defaultValue="">
                  <option value="">选择分类</option>
                  {categories
                    .filter((c) => c.id !== b.cid)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.title}
                      </option>
                    ))}
                </select>
                <button type="submit" name="intent" value="move-bookmark" className="button button-small">
                  移动
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </li>
    </>
  )
}

function AddBookmark({ categories, cid, can, reply }: { categories: CategoryItem[]; cid: number | null; can: GroupCan; reply: FormReply | null }) {
  const { key } = useLocation()
  const admin = can.editBookmarks
  return (
    <Form method="post" className="gd-form gd-add" key={reply?.form === NEW_BOOKMARK ? 'kept' : key} aria-labelledby="gd-add-title">
      <h3 id="gd-add-title" className="gd-form-title">
        {admin ? '添加书签' : '投稿书签'}
      </h3>
      {admin ? null : <p className="field-hint">投稿需要管理员审核，通过后显示在小组里。</p>}
      <FormMessage form={NEW_BOOKMARK} reply={reply} />
      <div className="gd-add-fields">
        <TextField form={NEW_BOOKMARK} name="name" label="网站名称" reply={reply} required maxLength={100} />
        <TextField form={NEW_BOOKMARK} name="url" type="url" label="网址" reply={reply} required placeholder="例如 www.example.com" />
        <TextField form={NEW_BOOKMARK} name="note" label="备注（可选）" reply={reply} maxLength={100} />
        <div className="field">
          <label htmlFor="bookmark-new-cid">分类</label>
          <select id="bookmark-new-cid" name="cid" defaultValue={valueOf(reply, NEW_BOOKMARK, 'cid', String(cid ?? categories[0]?.id ?? ''))} required>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" name="intent" value="save-bookmark" className="button button-primary">
        {admin ? '添加' : '投稿'}
      </button>
    </Form>
  )
}
