// The embed snippet's script, built as dist/embed.js (vite.config.ts): a classic script, which a
// host page of any origin loads without CORS, as a module script could not be.
import { installEmbedHost } from './page/embed_host';

installEmbedHost();
