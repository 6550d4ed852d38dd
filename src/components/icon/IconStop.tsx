import Square from 'lucide-react/icons/square';
import { kitIcon } from './kitIcon';

export const IconStop = /* @__PURE__ */ kitIcon(Square);
