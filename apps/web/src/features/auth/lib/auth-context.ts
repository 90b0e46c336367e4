import { createContext } from 'react';
import type { AuthStore } from './auth-store';

/** The app provides its one auth store (app/auth.ts); components reach it through the hooks. */
export const AuthStoreContext = createContext<AuthStore | null>(null);
