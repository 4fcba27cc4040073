import { href } from 'react-router'

/** The tool box's address, apart from the list (registry.ts), for the header's link on every page (ADR 015). */
export const TOOL_BOX_HREF = href('/tool')
