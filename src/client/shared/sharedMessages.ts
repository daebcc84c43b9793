import { defineMessages } from './i18n';

/** Texts of the shared helpers (clipboard, ID numbers, pay bar). */
export const sharedMessages = defineMessages({
  'en-US': {
    copySucceeded: 'Copied.',
    copyFailed: 'Could not copy.',
    idDigits: 'wrong number of digits in the ID number',
    idFormat: 'The ID number may contain only digits, with an X as its last character.',
    idBirthdate: 'The birthdate inside the ID number is not a real date.',
    idCheckDigit: 'The last character of the ID number does not match the others; please check it.',
    male: 'Male',
    female: 'Female',
  },
  'zh-CN': {
    copySucceeded: '复制成功',
    copyFailed: '复制失败',
    idDigits: '身份证号码位数不正确',
    idFormat: '身份证号码只能包含数字，最后一位可以是 X。',
    idBirthdate: '身份证号码中的出生日期不是有效日期。',
    idCheckDigit: '身份证号码最后一位校验码不正确，请核对。',
    male: '男',
    female: '女',
  },
});
