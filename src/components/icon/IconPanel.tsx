import PanelRight from 'lucide-react/icons/panel-right';
import { kitIcon } from './kitIcon';

export const IconPanel = /* @__PURE__ */ kitIcon(PanelRight);
