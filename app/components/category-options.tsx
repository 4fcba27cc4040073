import type { CategoryChoices } from '#app/services/category-share.server.ts'

/** The options of a select of the user's own categories: one group per homepage and module (categoryChoices). */
export function CategoryOptions({ choices }: { choices: CategoryChoices[] }) {
  return choices.map((group) => (
    <optgroup key={group.label} label={group.label}>
      {group.options.map((option) => (
        <option key={option.bid} value={option.bid}>
          {option.name}
        </option>
      ))}
    </optgroup>
  ))
}
