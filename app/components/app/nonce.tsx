// The CSP nonce reaches components through context: entry.server provides it per request; in the
// browser it is empty (browsers hide nonce attributes), which React accepts on hydration.
import { createContext, useContext } from 'react';

export const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
