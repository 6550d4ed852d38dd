import RefreshCw from 'lucide-react/icons/refresh-cw';
import { kitIcon } from './kitIcon';

export const IconReconnect = /* @__PURE__ */ kitIcon(RefreshCw);
