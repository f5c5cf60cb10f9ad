// 品牌管理 (eMaterial/BrandList).
import { MasterDataPage } from './MasterDataPage';

export default function BrandListPage() {
  return <MasterDataPage kind="brand" />;
}
