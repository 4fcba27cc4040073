import { Icon } from '#app/components/icon.tsx'
import { iconUrl } from '#app/icons/icon-url.ts'
import { isUploadPath, uploadImageSrc } from '#app/uploads/upload-path.ts'

/** A group's icon: an uploaded picture or a library icon; its name's first character when it has neither. */
export function GroupIcon({ icon, name, size = 48 }: { icon: string; name: string; size?: number }) {
  const style = { width: size, height: size }
  if (isUploadPath(icon)) {
    return (
      <span className="group-icon" style={style} aria-hidden="true">
        <img src={uploadImageSrc(icon, size)} alt="" width={size} height={size} loading="lazy" />
      </span>
    )
  }
  return (
    <span className="group-icon" style={style} aria-hidden="true">
      {iconUrl(icon) ? <Icon name={icon} size={Math.round(size * 0.55)} /> : [...name][0]}
    </span>
  )
}
