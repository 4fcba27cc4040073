import { createContext, useContext } from 'react'

const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
/** The request's CSP nonce on the server; browsers hide it from the DOM, so '' after hydration. */
export const useNonce = () => useContext(NonceContext)
