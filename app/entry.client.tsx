import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { preloadParts } from './components/lazy-part.tsx'

// React Router's default entry, but a page opened with a dialog (`?dialog=`, rendered by the
// server in place) fetches that dialog's code first, so that it hydrates as the modal it was
// before its code became a lazy part (ADR 015). The route modules have run: their parts are known.
const dialog = new URLSearchParams(window.location.search).get('dialog')
if (dialog) await preloadParts([dialog === 'login' || dialog === 'register' ? 'auth-dialog' : 'manage-dialog'])

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
