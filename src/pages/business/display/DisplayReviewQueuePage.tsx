// 检核复核 (/esdh/review, esdh/DisplayReviewQueue): the inspections waiting for review, oldest first.
import { InspectionList } from './DisplayInspectionListPage';

export default function DisplayReviewQueuePage() {
  return <InspectionList queue />;
}
