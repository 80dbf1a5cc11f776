// How a link in a rendered message opens: through the host in the page (main.tsx provides it); the
// host's prerender of the page (prerender.tsx) has no page to open from, so the default does nothing.
import { createContext } from 'react';

export const LinkOpener = createContext<(uri: string) => void>(() => undefined);
