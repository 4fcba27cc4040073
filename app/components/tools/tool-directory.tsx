import { Link } from 'react-router'
import { Icon } from '#app/components/icon.tsx'
import { toolCategories, toolHref } from '#app/tools/registry.ts'
import './tools.css'

/**
 * Every tool by category, as links: the /tool page, the side list of a tool page and the header's
 * 工具箱 drawer. `compact` leaves out the summaries; `current` marks the page one is on.
 */
export function ToolDirectory({
  heading: Heading = 'h2',
  compact = false,
  current,
  onNavigate,
  widths = false,
}: {
  heading?: 'h2' | 'h3'
  compact?: boolean
  current?: string
  onNavigate?: () => void
  /** Give each category its width from the registry (the drawer's columns). */
  widths?: boolean
}) {
  return (
    <div className={compact ? 'toolbox-directory toolbox-directory-compact' : 'toolbox-directory'}>
      {toolCategories().map((category) => (
        <section
          key={category.id}
          className="toolbox-category"
          aria-labelledby={`toolbox-category-${category.id}`}
          style={widths ? { flexBasis: category.width } : undefined}
        >
          <Heading id={`toolbox-category-${category.id}`} className="toolbox-category-name">
            {category.name}
          </Heading>
          <ul className="toolbox-links">
            {category.tools.map((tool) => (
              <li key={tool.alias}>
                <Link
                  to={toolHref(tool.alias)}
                  className="toolbox-link"
                  aria-current={tool.alias === current ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <Icon name={tool.icon} className="toolbox-link-icon" />
                  <span className="toolbox-link-text">
                    <span className="toolbox-link-title">{tool.title}</span>
                    {compact ? null : <span className="toolbox-link-summary">{tool.summary}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
