import Bot from 'lucide-react/icons/bot';
import { kitIcon } from './kitIcon';

export const IconSubagent = /* @__PURE__ */ kitIcon(Bot);
