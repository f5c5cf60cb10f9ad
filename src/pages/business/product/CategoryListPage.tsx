// 品类管理 (eMaterial/CategoryList).
import { MasterDataPage } from './MasterDataPage';

export default function CategoryListPage() {
  return <MasterDataPage kind="category" />;
}
