import { ToolLink, type ViewKit } from './view-kit.tsx'

/**
 * The owner's tools of a start page: add and manage modules, import, the layout drawer and the keymap popover
 * (homepage-view.tsx draws them as a lazy part: not a guest's code, ADR 015). `keymapId`: the id
 * the keymap popover opens beside (KEYMAP_BUTTON_ID).
 */
export function HomepageTools({ kit, keymapId }: { kit: ViewKit; keymapId: string }) {
  return (
    <p className="tools homepage-tools">
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
        // The keymap popover opens beside it (dialog-views.tsx); without JavaScript, in the page.
        <a id={keymapId} href={kit.dialog('keymap')} className="tool" data-dialog="">
          快捷键
        </a>
      ) : null}
    </p>
  )
}
