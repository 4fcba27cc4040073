import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { TOOLS } from '#app/tools/registry.ts'
import { ToolDirectory } from './tool-directory.tsx'
import { ToolDrawerLink } from './tool-drawer.tsx'

const render = (path: string, element: () => React.ReactNode) => {
  const Stub = createRoutesStub([{ path, Component: element }])
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] }))
}

test('before scripts run, the 工具箱 entry is a plain link to /tool (no popup promised), active on tool pages', () => {
  const html = render('/', () => createElement(ToolDrawerLink, { className: 'nav-tool' }))
  expect(html).toBe('<a class="nav-tool" href="/tool" data-discover="true">工具箱</a>')
  const onTool = render('/tool/json', () => createElement(ToolDrawerLink))
  expect(onTool).toContain('class="active"')
  expect(onTool).toContain('aria-current="page"')
})

test('the directory: every tool linked under its category, the current one marked, widths only in the drawer', () => {
  const html = render('/tool/color', () => createElement(ToolDirectory, { current: 'color' }))
  for (const tool of TOOLS) expect(html).toContain(`href="/tool/${tool.alias}"`)
  expect(html.match(/aria-current="page"/g)).toHaveLength(1)
  expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*href="\/tool\/color"|<a [^>]*href="\/tool\/color"[^>]*aria-current="page"/)
  expect(html).toContain('<h2 id="toolbox-category-dev" class="toolbox-category-name">开发调试</h2>')
  expect(html).not.toContain('flex-basis')
  const drawer = render('/', () => createElement(ToolDirectory, { heading: 'h3', compact: true, widths: true }))
  expect(drawer).toContain('style="flex-basis:280px"')
  expect(drawer).toContain('<h3 id="toolbox-category-text" class="toolbox-category-name">文本处理</h3>')
  expect(drawer).not.toContain('toolbox-link-summary')
})
