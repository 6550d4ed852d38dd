import Download from 'lucide-react/icons/download';
import { kitIcon } from './kitIcon';

export const IconDownload = /* @__PURE__ */ kitIcon(Download);
