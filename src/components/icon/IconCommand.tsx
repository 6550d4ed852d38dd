import Terminal from 'lucide-react/icons/terminal';
import { kitIcon } from './kitIcon';

export const IconCommand = /* @__PURE__ */ kitIcon(Terminal);
