// The frame's brand: the product logo, or the production-system logo for MES_ZG users (spec §6).
import { Link } from 'react-router';
import { HOME_TAB_PATH, PRODUCT_NAME } from '../../common/constants';
import { selectUserInfo } from '../features/session/selectors';
import { useAppSelector } from '../store/hooks';

const PRODUCTION_SYSTEM_ROLE = 'MES_ZG';
const LOGO_URL = '/logo.svg';
const PRODUCTION_LOGO_URL = '/logo-mes.svg';

export function Logo({ showTitle = true }: { showTitle?: boolean }) {
  const production = useAppSelector(selectUserInfo)?.roleEnum === PRODUCTION_SYSTEM_ROLE;
  return (
    <Link to={HOME_TAB_PATH} className="basic-logo">
      <img
        src={production ? PRODUCTION_LOGO_URL : LOGO_URL}
        alt={production ? '生产系统' : PRODUCT_NAME}
        width={32}
        height={32}
      />
      {showTitle && <h1>{PRODUCT_NAME}</h1>}
    </Link>
  );
}
