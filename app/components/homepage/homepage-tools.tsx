import type { SortMethod } from '#app/schemas/sort-methods.ts'
import { SortOptions } from './sort-switcher.tsx'
import { ToolLink, type ViewKit } from './view-kit.tsx'

/**
 * The owner's tools of a start page in one 工具 menu (issue 22: one Tab stop, not seven): add and
 * manage modules, import, the skin and layout drawers, the keymap popover, and the bookmark order
 * (the side button 书签排序 opens this menu: `sortId`). A `<details>` menu like the category
 * menus: it opens without JavaScript, popup-keys.ts adds the arrow keys. homepage-view.tsx draws
 * it as a lazy part: not a guest's code (ADR 015). `keymapId`: the keymap popover opens beside it.
 */
export function HomepageTools({ kit, keymapId, sortId, sort }: { kit: ViewKit; keymapId: string; sortId: string; sort: SortMethod | null }) {
  return (
    <details className="tools-menu" id={sort ? sortId : undefined}>
      <summary id={keymapId} className="tool">
        工具
      </summary>
      <div className="menu">
        <ToolLink href={kit.dialog('add-module')} label="添加模块">
          添加模块
        </ToolLink>
        <ToolLink href={kit.dialog('manage-modules')} label="管理模块">
          管理模块
        </ToolLink>
        <ToolLink href={kit.dialog('import')} label="导入书签">
          导入书签
        </ToolLink>
        {/* Spec §2: the owner's skin button; the skin drawer (theme, theme colour). */}
        <ToolLink href={kit.dialog('skin')} label="皮肤">
          皮肤
        </ToolLink>
        {/* The layout settings drawer (spec §2: the owner's 布局 button). */}
        <ToolLink href={kit.dialog('layout')} label="布局">
          布局
        </ToolLink>
        {kit.caps.useShortcuts ? (
          // The keymap popover opens beside the menu (dialog-views.tsx); without JavaScript, in the page.
          <ToolLink href={kit.dialog('keymap')} label="快捷键">
            快捷键
          </ToolLink>
        ) : null}
        {sort ? <SortOptions sort={sort} formAction={kit.formAction} titled /> : null}
      </div>
    </details>
  )
}
