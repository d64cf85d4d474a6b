import { RichTextEditor } from '../../../components/rich-text-editor';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';

const uploadImage = async (file: File) => (await api.uploadContentImage(file)).data;

/** The post's text in the shared rich-text editor; pictures go through the content picture upload. */
export function BodyField({ value, onChange, errors }: { value: string; onChange: (html: string) => void; errors: string[] | undefined }) {
  const { t } = useTranslation();
  return <RichTextEditor label={t('admin_blog.form.body')} value={value} onChange={onChange} uploadImage={uploadImage} errors={errors} />;
}
