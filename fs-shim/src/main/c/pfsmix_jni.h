/*
 * pfsmix_jni.h — what pfsmix's native libraries (fs-shim's libpfsmix-posix, fs-ceph's libpfsmix-ceph) share: failures
 * reported as io.pfsmix.fs.posix.ErrnoException(call, errno, reason), and strings across JNI. Each library includes it
 * once and calls pfsmix_jni_load from its JNI_OnLoad.
 */
#ifndef PFSMIX_JNI_H
#define PFSMIX_JNI_H

#include <errno.h>
#include <jni.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jclass errno_exception;
static jmethodID errno_exception_init;
static jclass byte_array;

/* Caches the classes the helpers below use; returns JNI_ERR (an exception pending) when one is missing. */
static jint pfsmix_jni_load(JNIEnv *env) {
  jclass local = (*env)->FindClass(env, "io/pfsmix/fs/posix/ErrnoException");
  if (local == NULL) return JNI_ERR;
  errno_exception = (*env)->NewGlobalRef(env, local);
  errno_exception_init = (*env)->GetMethodID(env, local, "<init>", "(Ljava/lang/String;ILjava/lang/String;)V");
  if (errno_exception_init == NULL) return JNI_ERR;
  local = (*env)->FindClass(env, "[B");
  if (local == NULL) return JNI_ERR;
  byte_array = (*env)->NewGlobalRef(env, local);
  return JNI_OK;
}

/* Throws ErrnoException(call, errno, reason); reason NULL means strerror(errno). Keeps an exception already pending. */
static void throw_errno(JNIEnv *env, const char *call, int error, const char *reason) {
  if ((*env)->ExceptionCheck(env)) return;
  char buffer[256];
  if (reason == NULL) {
    reason = strerror_r(error, buffer, sizeof buffer);
  }
  jstring jcall = (*env)->NewStringUTF(env, call);
  jstring jreason = (*env)->NewStringUTF(env, reason);
  if (jcall == NULL || jreason == NULL) return;
  jobject exception = (*env)->NewObject(env, errno_exception, errno_exception_init, jcall, (jint) error, jreason);
  if (exception != NULL) (*env)->Throw(env, exception);
}

/* Bytes from Java (a path, UTF-8) as a C string, refused when they hold a NUL byte; NULL with an exception. */
static char *c_string(JNIEnv *env, jbyteArray bytes, const char *what) {
  jsize length = (*env)->GetArrayLength(env, bytes);
  char *text = malloc((size_t) length + 1);
  if (text == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    return NULL;
  }
  (*env)->GetByteArrayRegion(env, bytes, 0, length, (jbyte *) text);
  text[length] = '\0';
  if (memchr(text, '\0', (size_t) length) != NULL) {
    free(text);
    char reason[64];
    snprintf(reason, sizeof reason, "the %s holds a NUL byte", what);
    throw_errno(env, what, EINVAL, reason);
    return NULL;
  }
  return text;
}

/* A Java string (an xattr, user, group, option or pool name) as a C string; NULL with an exception. */
static char *utf_string(JNIEnv *env, jstring name) {
  const char *utf = (*env)->GetStringUTFChars(env, name, NULL);
  if (utf == NULL) return NULL;
  char *copy = strdup(utf);
  (*env)->ReleaseStringUTFChars(env, name, utf);
  if (copy == NULL) throw_errno(env, "strdup", ENOMEM, NULL);
  return copy;
}

/* A byte[] holding a copy of the bytes; NULL with an exception. */
static jbyteArray java_bytes(JNIEnv *env, const char *bytes, size_t length) {
  jbyteArray result = (*env)->NewByteArray(env, (jsize) length);
  if (result != NULL) (*env)->SetByteArrayRegion(env, result, 0, (jsize) length, (const jbyte *) bytes);
  return result;
}

#endif
