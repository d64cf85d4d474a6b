import { createContext, useContext } from 'react';

/**
 * The mark the server's render puts on the app's own inline scripts (server/platform/web.ts hashes
 * exactly the marked ones into the page's Content-Security-Policy). Undefined in the browser.
 */
const ScriptNonceContext = createContext<string | undefined>(undefined);

export const ScriptNonceProvider = ScriptNonceContext.Provider;

export function useScriptNonce(): string | undefined {
  return useContext(ScriptNonceContext);
}
