// The play page without a server: the same front end as `tablemanager
// play` (web/play/assets/js/page.js) on a Web Worker's transport.

import { startPage } from "../../play/assets/js/page.js";
import { workerTransport } from "./transport.js";

startPage(workerTransport(new URLSearchParams(location.search)));
