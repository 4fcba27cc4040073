import { CategoryOptions } from '../category-options.tsx'
import type { TargetGroup } from './types.ts'

/**
 * One of the actor's own categories (every homepage's, by module; the current homepage first), as
 * /collection chooses where links are collected to. `form` ties it to a form elsewhere in the page.
 */
export function TargetSelect({ id, targets, form, label = '收藏到' }: { id: string; targets: TargetGroup[]; form?: string; label?: string }) {
  return (
    <span className="gd-target">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="target" form={form} required defaultValue="">
        <option value="">选择我的分类</option>
        <CategoryOptions choices={targets} />
      </select>
    </span>
  )
}
