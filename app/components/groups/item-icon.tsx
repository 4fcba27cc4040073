import { Icon } from '#app/components/icon.tsx'
import { iconUrl } from '#app/icons/icon-url.ts'
import { isUploadPath, uploadImageSrc } from '#app/uploads/upload-path.ts'

/**
 * A group's, category's or bookmark's icon: an uploaded image, a library icon, or the name's first
 * letter. Decorative: the name beside it says what it is.
 */
export function ItemIcon({ icon, name, size = 'small' }: { icon: string; name: string; size?: 'small' | 'large' }) {
  const className = `gd-icon gd-icon-${size}`
  if (icon && isUploadPath(icon)) return <img className={className} src={uploadImageSrc(icon, size === 'large' ? 96 : 40)} alt="" loading="lazy" />
  if (icon && iconUrl(icon)) {
    return (
      <span className={className} aria-hidden="true">
        <Icon name={icon} />
      </span>
    )
  }
  return (
    <span className={`${className} gd-icon-letter`} aria-hidden="true">
      {[...name][0] ?? '?'}
    </span>
  )
}
