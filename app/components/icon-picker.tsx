import { useId, useState } from 'react'
import { Form, Link } from 'react-router'
import { canonicalIconKey } from '#app/icons/icon-url.ts'
import { ICON_PICKER_PARAMS, iconPickerHref } from '#app/icons/picker-params.ts'
import type { IconCategoryView, IconView } from '#app/services/icons.server.ts'
import { uploadImageSrc } from '#app/uploads/upload-path.ts'
import { Icon } from './icon.tsx'
import { ImageIconTools } from './image-icon-tools.tsx'

export type IconPickerProps = {
  /** Name of the form field the picked key is submitted as (e.g. `icon`). */
  name: string
  /** The current icon key (`tabler:star`, a bare `star`, or an `/uploads/…` image); it stays checked on every page. */
  value?: string
  /** From `loadIconPicker` (app/icons/picker.server.ts): what to show. */
  categoryId?: string
  keyword?: string
  page?: number
  icons: IconView[]
  categories: IconCategoryView[]
  /** The current icon as the library names it (from `loadIconPicker`), shown first when not on this page. */
  current?: IconView
  /** The user's recent icons: the 最近使用 tab shows when there are any. */
  recent: IconView[]
  total: number
  pageSize: number
  /**
   * The parent page's URL (path and query, e.g. `/?dialog=add-module`). Category and page links
   * are this URL with `iconCategory` / `iconPage` set, so the parent's own parameters survive.
   */
  baseHref: string
  /**
   * Id of an `<IconSearchForm>` the caller renders OUTSIDE its own form (forms cannot nest). The
   * search box and button here belong to it through their `form` attribute, so searching is a GET
   * that works without JavaScript and never submits the parent form. Without it there is no search box.
   */
  searchFormId?: string
  /** Validation messages of the field (e.g. 请选择图标); the first one shows. */
  errors?: string[]
}

/**
 * The icon selector (spec §5): a radio group inside the parent's form, one radio per icon, with
 * category tabs, search and pages as links. Works without JavaScript and by keyboard (arrow keys
 * move within the group); each option is named by its icon's name.
 */
export function IconPicker({
  name,
  value,
  categoryId,
  keyword,
  page = 1,
  icons,
  categories,
  current: currentProp,
  recent,
  total,
  pageSize,
  baseHref,
  searchFormId,
  errors,
}: IconPickerProps) {
  const id = useId()
  const pickerId = `icon-picker-${id.replace(/[^\w-]/g, '')}`
  const errorId = `${pickerId}-error`
  const searchId = `${pickerId}-search`
  const selected = value ? (canonicalIconKey(value) ?? value) : ''
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const href = (state: { category?: string; keyword?: string; page?: number }) => iconPickerHref(baseHref, state, pickerId)
  const tabs = recent.length ? categories : categories.filter((category) => category.type !== 'history')
  const current =
    selected && !icons.some((icon) => icon.key === selected)
      ? [currentProp, ...recent].find((icon) => icon?.key === selected) ?? currentIcon(selected)
      : null
  const hasError = Boolean(errors?.length)
  // With JavaScript an uploaded or fetched picture joins the grid at once, checked.
  const [added, setAdded] = useState<IconView | null>(null)

  return (
    <fieldset id={pickerId} className="icon-picker" aria-describedby={hasError ? errorId : undefined}>
      <legend>选择图标</legend>
      {hasError ? (
        <p id={errorId} className="field-error" role="alert">
          {errors![0]}
        </p>
      ) : null}
      <nav aria-label="图标分类" className="icon-picker-tabs">
        <ul>
          {tabs.map((category) => (
            <li key={category.id}>
              <Link
                to={href({ category: category.id })}
                aria-current={category.id === categoryId ? 'true' : undefined}
                preventScrollReset
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {searchFormId ? (
        <div className="icon-picker-search">
          <label htmlFor={searchId}>搜索图标</label>
          <input
            id={searchId}
            type="search"
            name={ICON_PICKER_PARAMS.keyword}
            form={searchFormId}
            defaultValue={keyword ?? ''}
            maxLength={50}
            placeholder="中文或英文，如 星标、star"
          />
          <button type="submit" form={searchFormId} className="button">
            搜索
          </button>
        </div>
      ) : null}
      {keyword ? (
        <p className="icon-picker-status">
          “{keyword}”的搜索结果：{total} 个 <Link to={href({})} preventScrollReset>清除搜索</Link>
        </p>
      ) : null}
      <div className="icon-grid">
        {added ? <IconOption key={added.key} name={name} icon={added} checked label="新图标" /> : null}
        {current ? <IconOption name={name} icon={current} checked={!added} label={`当前图标：${current.name}`} /> : null}
        {icons.map((icon) => (
          <IconOption key={icon.key} name={name} icon={icon} checked={icon.key === selected} />
        ))}
      </div>
      {icons.length === 0 ? <p className="empty muted">{keyword ? '没有找到图标，换个关键词试试' : '暂无图标'}</p> : null}
      {pages > 1 ? (
        <nav aria-label="图标分页" className="icon-picker-pager">
          {page > 1 ? (
            <Link to={href({ category: categoryId, keyword, page: page - 1 })} rel="prev" preventScrollReset>
              上一页
            </Link>
          ) : null}
          <span>
            第 {page} / {pages} 页
          </span>
          {page < pages ? (
            <Link to={href({ category: categoryId, keyword, page: page + 1 })} rel="next" preventScrollReset>
              下一页
            </Link>
          ) : null}
        </nav>
      ) : null}
      <ImageIconTools onIcon={(src) => setAdded(imageIcon(src))} />
    </fieldset>
  )
}

const imageIcon = (src: string): IconView => ({ id: src, key: src, icon: src, name: '自定义图标', type: 'image' })

/** The current value when it is not on the page shown, so submitting keeps it. */
function currentIcon(key: string): IconView {
  return key.startsWith('/uploads/')
    ? imageIcon(key)
    : { id: key, key, icon: '', name: key.replace(/^[a-z]+:/, '').replaceAll('-', ' '), type: 'font' }
}

function IconOption({ name, icon, checked, label }: { name: string; icon: IconView; checked: boolean; label?: string }) {
  return (
    <label className="icon-option" title={label ?? icon.name}>
      <input type="radio" name={name} value={icon.key} defaultChecked={checked} />
      <span className="icon-swatch">
        {icon.type === 'image' ? <img src={uploadImageSrc(icon.icon, 48)} alt="" width={24} height={24} /> : <Icon name={icon.key} size={24} />}
      </span>
      <span className="icon-option-name">{label ?? icon.name}</span>
    </label>
  )
}

/**
 * The GET form the selector's search box submits (see `searchFormId`). Render it outside the
 * parent's form, anywhere on the page; it carries the parent URL's own parameters so the page
 * (and its dialog) stays as it was.
 */
export function IconSearchForm({ id, baseHref }: { id: string; baseHref: string }) {
  const url = new URL(iconPickerHref(baseHref, {}), 'http://localhost')
  return (
    <Form id={id} method="get" action={url.pathname} preventScrollReset hidden>
      {[...url.searchParams].map(([param, value]) => (
        <input key={param} type="hidden" name={param} value={value} />
      ))}
    </Form>
  )
}
