import { Form, Link, useLocation, useNavigation } from 'react-router'
import { Icon } from '#app/components/icon.tsx'
import { dialogHref } from './dialog-href.ts'
import type { ModuleRow } from './types.ts'

/** save-max-column's choices (spec layout maxColumnHeight). */
const HEIGHTS = Array.from({ length: 20 }, (_, i) => i + 1)

/**
 * The modules of the homepage in their order. Each row has 上移 / 下移 / 设为默认 as POST
 * buttons (the no-JS path of drag sorting) and 编辑 / 删除 links to their dialogs, which come back
 * here afterwards. Below: templates, one's shared modules, and the rows a category shows.
 */
export function ManageModules({ homepageId, modules, maxColumnHeight }: { homepageId: number; modules: ModuleRow[]; maxColumnHeight: number }) {
  const location = useLocation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const from = 'manage-modules'
  return (
    <div className="manage-list">
      {modules.length ? (
        <ol className="manage-rows">
          {modules.map((m, index) => (
            <li key={m.moduleId} className="manage-row">
              <span className="manage-row-name">
                <Icon name={m.icon} />
                <span>{m.name}</span>
                {m.isDefault ? <span className="tag">默认</span> : null}
              </span>
              <span className="manage-row-actions">
                <RowButton intent="move-module-up" moduleId={m.moduleId} label="上移" name={m.name} disabled={busy || index === 0} />
                <RowButton
                  intent="move-module-down"
                  moduleId={m.moduleId}
                  label="下移"
                  name={m.name}
                  disabled={busy || index === modules.length - 1}
                />
                {m.isDefault ? null : (
                  <RowButton intent="set-default-module" moduleId={m.moduleId} label="设为默认" name={m.name} disabled={busy} />
                )}
                <Link
                  to={dialogHref(location, 'edit-module', { moduleId: m.moduleId, from })}
                  className="button button-small"
                  aria-label={`编辑 ${m.name}`}
                  preventScrollReset
                >
                  编辑
                </Link>
                <Link
                  to={dialogHref(location, 'share-module', { moduleId: m.moduleId, from })}
                  className="button button-small"
                  aria-label={`分享 ${m.name}`}
                  preventScrollReset
                >
                  分享
                </Link>
                <Link
                  to={dialogHref(location, 'delete-module', { moduleId: m.moduleId, from })}
                  className="button button-small button-danger-text"
                  aria-label={`删除 ${m.name}`}
                  preventScrollReset
                >
                  删除
                </Link>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted empty">还没有模块</p>
      )}
      <p className="manage-list-footer">
        <Link to={dialogHref(location, 'add-module', { from })} className="button button-primary" preventScrollReset>
          添加模块
        </Link>
        <Link to={dialogHref(location, 'templates')} className="button" preventScrollReset>
          从模板添加
        </Link>
        <Link to={dialogHref(location, 'shared-modules')} className="button" preventScrollReset>
          我分享的模块
        </Link>
      </p>
      {/* Rows of bookmarks a category shows before it scrolls (save-max-column). */}
      <Form method="post" className="inline-form max-column-form" preventScrollReset>
        <input type="hidden" name="homepageId" value={homepageId} />
        <label htmlFor="max-column-height">每个分类最多显示</label>
        <select id="max-column-height" name="height" defaultValue={String(maxColumnHeight)}>
          {HEIGHTS.map((n) => (
            <option key={n} value={String(n)}>
              {n} 行
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="save-max-column" className="button button-small" disabled={busy}>
          保存
        </button>
      </Form>
    </div>
  )
}

function RowButton({
  intent,
  moduleId,
  label,
  name,
  disabled,
}: {
  intent: 'move-module-up' | 'move-module-down' | 'set-default-module'
  moduleId: number
  label: string
  name: string
  disabled: boolean
}) {
  return (
    <Form method="post" className="inline-form" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="moduleId" value={moduleId} />
      <button type="submit" className="button button-small" aria-label={`${label} ${name}`} disabled={disabled}>
        {label}
      </button>
    </Form>
  )
}
