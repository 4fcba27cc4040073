import { Icon } from '#app/components/icon.tsx'
import { iconUrl } from '#app/icons/icon-url.ts'
import { isUploadPath, uploadImageSrc } from '#app/uploads/upload-path.ts'

/** A site's icon: stored on our side (an upload, or a library icon); its name's first character when it has none. */
export function SiteIcon({ icon, name, size = 40 }: { icon: string; name: string; size?: number }) {
  const style = { width: size, height: size }
  return (
    <span className="site-icon" style={style} aria-hidden="true">
      {isUploadPath(icon) ? (
        <img src={uploadImageSrc(icon, size)} alt="" width={size} height={size} loading="lazy" />
      ) : iconUrl(icon) ? (
        <Icon name={icon} size={Math.round(size * 0.6)} />
      ) : (
        [...name][0]
      )}
    </span>
  )
}
