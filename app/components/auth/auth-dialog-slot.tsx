import { useLocation } from 'react-router'
import { lazyPart, usePreloadForDialogLinks } from '../lazy-part.tsx'
import { dialogMode, isAuthMode } from './dialog-url.ts'

/** The dialog's code (Radix, Conform, zod, the form) loads when it is first addressed (ADR 015). */
const AuthDialog = lazyPart(() => import('./auth-dialog.tsx').then((m) => m.AuthDialog), 'auth-dialog')

/** Where the login / register / WeChat dialog goes (`?dialog=login|register|wechat`, auth-dialog.tsx); its links fetch it ahead. */
export function AuthDialogSlot() {
  const location = useLocation()
  usePreloadForDialogLinks(isAuthMode, AuthDialog.preload)
  return dialogMode(location.search) ? <AuthDialog /> : null
}
