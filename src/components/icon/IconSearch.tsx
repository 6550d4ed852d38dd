import Search from 'lucide-react/icons/search';
import { kitIcon } from './kitIcon';

export const IconSearch = /* @__PURE__ */ kitIcon(Search);
