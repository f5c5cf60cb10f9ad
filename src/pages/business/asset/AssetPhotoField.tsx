// A form control holding attachment ids (value string[]): photos of an asset (handover, inspection,
// exception) uploaded through the attachment service under the ASSET business type.
import { ASSET_PHOTO_BIZ } from '../../../../common/assets';
import { PhotoUploadField, type PhotoUploadFieldProps } from '../../../components/photos/PhotoUploadField';

export function AssetPhotoField({
  assetId,
  ...props
}: Omit<PhotoUploadFieldProps, 'bizType' | 'bizId'> & { assetId?: string }) {
  return <PhotoUploadField bizType={ASSET_PHOTO_BIZ} bizId={assetId} {...props} />;
}
