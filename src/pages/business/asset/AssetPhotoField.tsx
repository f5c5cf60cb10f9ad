// A form control holding attachment ids (value string[]): photos of an asset (handover, inspection,
// exception) uploaded through the attachment service under the ASSET business type.
import { ASSET_PHOTO_BIZ } from '../../../../common/assets';
import { PhotoIdsField } from '../../../components/photos/PhotoIdsField';

export function AssetPhotoField(props: {
  value?: string[];
  onChange?: (next: string[]) => void;
  kind: string;
  assetId?: string;
  max?: number;
}) {
  const { assetId, ...rest } = props;
  return <PhotoIdsField {...rest} bizType={ASSET_PHOTO_BIZ} bizId={assetId} />;
}
