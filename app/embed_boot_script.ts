// The first script of the embed page and the explorer, built as the classic script embed-boot.js
// (vite.config.ts): it says so when the page's module scripts are refused (page/embed_boot.ts).
import { watchThisPage } from './page/embed_boot';

watchThisPage();
